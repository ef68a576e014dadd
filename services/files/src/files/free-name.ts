/**
 * The name an item gets in a folder that already holds `name` (compared without regard to case):
 * " (1)", " (2)"… before the extension, like "Report (1).pdf", so two items never look the same.
 */
export function freeName(name: string, taken: Iterable<string>): string {
  const used = new Set([...taken].map((n) => n.toLowerCase()));
  if (!used.has(name.toLowerCase())) return name;
  const dot = name.lastIndexOf('.');
  // A leading dot (".env") or none is no extension.
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 1; ; n++) {
    const candidate = `${stem} (${n})${extension}`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}
