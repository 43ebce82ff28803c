/** product §7 sends the face backend form data; this builds it from plain fields. */
export function faceForm(fields: Record<string, string | Blob>, fileName?: string): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value instanceof Blob) form.append(key, value, fileName);
    else form.append(key, value);
  }
  return form;
}
