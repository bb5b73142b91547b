/** Points at a line of a record file: `file:line` plus a few numbered lines of the file around it (a code frame). */

/** Lines shown before and after the line in question. */
const AROUND = 2;

/** A few lines of `source` around `line` (1-based), numbered, the line itself marked with `>` and a caret under `column`. */
export function codeFrame(source: string, line: number, column?: number): string {
  const lines = source.split(/\r?\n/);
  const first = Math.max(1, line - AROUND);
  const last = Math.min(lines.length, line + AROUND);
  const width = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    // Long lines (a 10 MB paragraph) are cut: the frame is for reading, not for copying.
    const text = lines[n - 1]!.length > 160 ? `${lines[n - 1]!.slice(0, 160)}…` : lines[n - 1]!;
    out.push(`${n === line ? '>' : ' '} ${String(n).padStart(width)} | ${text}`.trimEnd());
    if (n === line && column !== undefined && column > 0 && column <= 160)
      out.push(`  ${' '.repeat(width)} | ${' '.repeat(column - 1)}^`);
  }
  return out.map((l) => `      ${l}`).join('\n');
}

/** Where a problem is in a file: its 1-based line, and optionally column. */
export interface Position {
  line: number;
  column?: number;
}

/** One problem line, `file:line: field: message` (or `file: field: message` without a position), then the frame. */
export function formatProblem(
  file: string,
  field: string,
  message: string,
  position?: Position,
  source?: string,
): string {
  const head = position ? `${file}:${position.line}: ${field}: ${message}` : `${file}: ${field}: ${message}`;
  return position && source !== undefined ? `${head}\n${codeFrame(source, position.line, position.column)}` : head;
}
