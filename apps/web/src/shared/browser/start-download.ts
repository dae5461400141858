/**
 * Hands a download to the browser by its address: a temporary `<a download>` to the URL, clicked and
 * removed. The browser fetches and saves the file itself, showing its progress, under the name the
 * server's Content-Disposition gives, and nothing of it passes through the page; `download` keeps
 * the page where it is even if the server refuses.
 */
export const startDownload = (url: string) => {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
};
