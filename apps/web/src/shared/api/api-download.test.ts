import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/shared/i18n/i18n';
import { jsonResponse } from '@/shared/testing/test-utils';
import { apiDownload, fileNameFromDisposition } from './api-download';
import { ApiError } from './api-error';

const fetchMock = vi.fn<typeof fetch>();

describe('apiDownload', () => {
  beforeEach(async () => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('returns the file and its name, sending the token and the language', async () => {
    localStorage.setItem('access_token', 'secret');
    fetchMock.mockResolvedValue(
      new Response('%PDF-1.7', {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': "attachment; filename*=UTF-8''Kulla%20e%20Jasharit.pdf",
        },
      }),
    );
    const file = await apiDownload('/surveys/assets/a/pdf', { fallback: 'downloadPdfFailed' });
    expect(file.fileName).toBe('Kulla e Jasharit.pdf');
    expect(await file.blob.text()).toBe('%PDF-1.7');
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Authorization')).toBe('Bearer secret');
    expect(headers.get('language')).toBe('en');
  });

  it("raises the server's message, or the call's fallback", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        { statusCode: 413, error: 'Payload Too Large', message: 'Too many assets for a PDF', code: 'too_large' },
        413,
      ),
    );
    await expect(apiDownload('/x', { method: 'POST', body: {}, fallback: 'exportFailed' })).rejects.toMatchObject({
      status: 413,
      message: 'Too many assets for a PDF',
    });
    fetchMock.mockResolvedValue(new Response('', { status: 500 }));
    const error = await apiDownload('/x', { fallback: 'downloadPdfFailed' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Failed to download PDF');
  });

  it('reads plain and quoted file names', () => {
    expect(fileNameFromDisposition('attachment; filename="dataset-1.xlsx"')).toBe('dataset-1.xlsx');
    expect(fileNameFromDisposition('attachment; filename=dataset-1.csv')).toBe('dataset-1.csv');
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});
