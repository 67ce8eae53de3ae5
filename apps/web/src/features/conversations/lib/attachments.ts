/**
 * The images attached to the next message (product.md section 5, Message send): image files only, each file name
 * once. A file picked again under a name already attached is left out; the one attached first stays.
 */
export function isImageFile(file: Pick<File, 'type'>): boolean {
  return file.type.startsWith('image/');
}

export function addAttachments<T extends Pick<File, 'name' | 'type'>>(
  attached: readonly T[],
  picked: readonly T[],
): T[] {
  const names = new Set(attached.map((file) => file.name));
  const added: T[] = [];
  for (const file of picked) {
    if (!isImageFile(file) || names.has(file.name)) continue;
    names.add(file.name);
    added.push(file);
  }
  return [...attached, ...added];
}
