/** The hidden frame a zip's form is posted into: the browser saves the answer (an attachment) and the page stays. */
const ZIP_FRAME = 'coffer-zip-download';

/** Posts the selection to its address as a form, so the browser streams the zip to disk (any size, any number of items). */
export function saveZipFrom(url: string, itemIds: string[]) {
  let frame = document.querySelector<HTMLIFrameElement>(`iframe[name="${ZIP_FRAME}"]`);
  if (!frame) {
    frame = document.createElement('iframe');
    frame.name = ZIP_FRAME;
    frame.title = 'Zip download';
    frame.hidden = true;
    document.body.append(frame);
  }
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = url;
  form.target = ZIP_FRAME;
  form.hidden = true;
  const items = document.createElement('input');
  items.type = 'hidden';
  items.name = 'items';
  items.value = itemIds.join(',');
  form.append(items);
  document.body.append(form);
  form.submit();
  form.remove();
}
