/** Characters XML 1.0 does not allow, which are dropped, and those that must be escaped. */
// eslint-disable-next-line no-control-regex
const XML_UNSAFE = /[&<>\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const XML_UNSAFE_ALL = new RegExp(XML_UNSAFE.source, 'g');
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** Text as an element's content (XLSX, KML): escaped, and without the characters XML cannot hold. */
export function xmlText(text: string): string {
  return XML_UNSAFE.test(text) ? text.replace(XML_UNSAFE_ALL, (char) => XML_ESCAPES[char] ?? '') : text;
}

/** Text as a double-quoted attribute's value. */
export const xmlAttribute = (text: string) => xmlText(text).replace(/"/g, '&quot;');
