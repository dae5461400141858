/**
 * What an uploaded file's first bytes must look like for the content type it is registered as, so a
 * renamed executable or web page is never offered to readers as a photo or a PDF. Neither driver can
 * check this while the bytes arrive (an Azure SAS URL takes whatever is sent), so the modules check
 * it when they register an upload.
 */

/** Enough of a file's start to tell every type below apart. */
export const SIGNATURE_LENGTH = 16;

const latin1 = (text: string) => Buffer.from(text, 'latin1');

/** `bytes` at `offset`, each null in `bytes` matching anything. */
const at =
  (offset: number, bytes: (number | null)[] | Buffer) =>
  (start: Buffer): boolean =>
    start.length >= offset + bytes.length && [...bytes].every((byte, i) => byte === null || start[offset + i] === byte);

const text = (offset: number, value: string) => at(offset, latin1(value));

const anyOf =
  (...checks: ((start: Buffer) => boolean)[]) =>
  (start: Buffer) =>
    checks.some((check) => check(start));

/** An ISO base media file (MP4, MOV, M4A, 3GP, HEIC, AVIF) starts with its `ftyp` box. */
const isoMedia = text(4, 'ftyp');
/** Older QuickTime files may open with another top-level atom than `ftyp`. */
const quickTime = anyOf(...['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip', 'pnot'].map((atom) => text(4, atom)));
/** A RIFF container of the given form: WAV, WebP, AVI. */
const riff = (form: string) => (start: Buffer) => text(0, 'RIFF')(start) && text(8, form)(start);
/** WebM and Matroska: an EBML header. */
const ebml = at(0, [0x1a, 0x45, 0xdf, 0xa3]);
const ogg = text(0, 'OggS');
/** MP3, AAC and FLAC files may begin with an ID3 tag before the audio. */
const id3 = text(0, 'ID3');
/** An MPEG audio frame: eleven sync bits. */
const mpegAudioFrame = (start: Buffer) => start.length >= 2 && start[0] === 0xff && (start[1]! & 0xe0) === 0xe0;
/** An ADTS (AAC) frame: twelve sync bits and layer 0. */
const adtsFrame = (start: Buffer) => start.length >= 2 && start[0] === 0xff && (start[1]! & 0xf6) === 0xf0;
/** A JSON object, after an optional byte order mark and white space. */
const jsonObject = (start: Buffer) => /^(\uFEFF)?\s*\{/.test(start.toString('utf8'));

const SIGNATURES: Record<string, (start: Buffer) => boolean> = {
  'image/jpeg': at(0, [0xff, 0xd8, 0xff]),
  'image/png': at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/gif': anyOf(text(0, 'GIF87a'), text(0, 'GIF89a')),
  'image/webp': riff('WEBP'),
  'image/avif': isoMedia,
  'image/heic': isoMedia,
  'image/heif': isoMedia,
  'image/tiff': anyOf(text(0, 'II*\u0000'), text(0, 'MM\u0000*')),
  'video/mp4': isoMedia,
  'video/quicktime': quickTime,
  'video/3gpp': isoMedia,
  'video/webm': ebml,
  'video/x-matroska': ebml,
  'video/ogg': ogg,
  'video/x-msvideo': riff('AVI '),
  'audio/mpeg': anyOf(id3, mpegAudioFrame),
  'audio/mp4': isoMedia,
  'audio/aac': anyOf(id3, adtsFrame, text(0, 'ADIF')),
  'audio/wav': riff('WAVE'),
  'audio/ogg': ogg,
  'audio/opus': ogg,
  'audio/flac': anyOf(id3, text(0, 'fLaC')),
  'audio/webm': ebml,
  'audio/amr': text(0, '#!AMR'),
  'application/pdf': text(0, '%PDF-'),
  'model/gltf-binary': text(0, 'glTF'),
  'model/gltf+json': jsonObject,
  // A .docx is a ZIP archive; a legacy .doc an OLE compound file.
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': at(0, [0x50, 0x4b, 0x03, 0x04]),
  'application/msword': at(0, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
};

/** Whether a file starting with `start` is of the content type; false for a type not listed above. */
export function startsLike(contentType: string, start: Buffer): boolean {
  return Object.hasOwn(SIGNATURES, contentType) && SIGNATURES[contentType]!(start);
}
