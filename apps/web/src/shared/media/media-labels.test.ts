import { describe, expect, it } from 'vitest';
import { makeMediaItem } from '@/shared/testing/data-factories';
import { mediaDescription, mediaLabels } from './media-labels';

const unnamed = (item: { type: string }, number: number) => `${item.type} ${number}`;

describe('media labels', () => {
  it("calls a medium by its uploaded file's name, never by its storage path", () => {
    const items = [makeMediaItem({ id: 1, path: 'assets/a/3f2a9c.jpg', originalName: 'Kulla nga jugu.jpg' })];
    expect(mediaLabels(items, unnamed)).toEqual(['Kulla nga jugu.jpg']);
  });

  it('numbers the media without a name within their type, in the order given', () => {
    const items = [
      makeMediaItem({ id: 1 }),
      makeMediaItem({ id: 2, type: 'PDF', contentType: 'application/pdf' }),
      makeMediaItem({ id: 3, originalName: 'hyrja.png' }),
      makeMediaItem({ id: 4 }),
    ];
    expect(mediaLabels(items, unnamed)).toEqual(['PHOTO 1', 'PDF 1', 'hyrja.png', 'PHOTO 3']);
  });

  it("describes a medium by its caption when it has one, else by its label, after the asset's name", () => {
    expect(mediaDescription('Kulla', makeMediaItem({ id: 1, caption: 'Fasada lindore' }), 'Photo 1')).toBe(
      'Kulla – Fasada lindore',
    );
    expect(mediaDescription('Kulla', makeMediaItem({ id: 1 }), 'Photo 1')).toBe('Kulla – Photo 1');
  });
});
