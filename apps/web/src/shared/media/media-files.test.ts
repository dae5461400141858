import { describe, expect, it } from 'vitest';
import { acceptFor, uploadContentTypeOf } from './media-files';

describe('media files', () => {
  it('lets the picker offer only the extensions a section takes', () => {
    expect(acceptFor('THREE_D')).toBe('.glb,.gltf');
    expect(acceptFor('PHOTO').split(',')).toContain('.jpg');
  });

  it("keeps the browser's content type when it agrees with the extension", () => {
    expect(uploadContentTypeOf('PHOTO', { name: 'kulla.PNG', type: 'image/png' })).toBe('image/png');
    expect(uploadContentTypeOf('VIDEO', { name: 'kulla.mov', type: 'video/quicktime' })).toBe('video/quicktime');
  });

  it('names the content type from the extension when the browser gives none, as for 3D models', () => {
    expect(uploadContentTypeOf('THREE_D', { name: 'kulla.glb', type: '' })).toBe('model/gltf-binary');
    expect(uploadContentTypeOf('PDF', { name: 'plan.pdf', type: 'application/octet-stream' })).toBe('application/pdf');
  });

  it('refuses a file the section does not take', () => {
    expect(uploadContentTypeOf('PHOTO', { name: 'notes.txt', type: 'text/plain' })).toBeNull();
    expect(uploadContentTypeOf('AUDIO', { name: 'clip.mp4', type: 'video/mp4' })).toBeNull();
    expect(uploadContentTypeOf('PDF', { name: 'no-extension', type: 'application/pdf' })).toBeNull();
  });

  it('takes both videos and panorama photos as 360° media', () => {
    expect(uploadContentTypeOf('THREE_SIXTY_VIDEO', { name: 'pano.jpg', type: 'image/jpeg' })).toBe('image/jpeg');
    expect(uploadContentTypeOf('THREE_SIXTY_VIDEO', { name: 'pano.mp4', type: 'video/mp4' })).toBe('video/mp4');
  });
});
