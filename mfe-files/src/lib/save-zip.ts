/**
 * Posts the selection to its address as a form, so the browser streams the zip to disk (any size, any number of
 * items). The answer is an attachment, so the browser saves it and the page stays where it is (the shell's CSP lets
 * frames show blobs only, so no hidden frame is used).
 */
export function saveZipFrom(url: string, itemIds: string[]) {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = url;
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
