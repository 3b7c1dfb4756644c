// Fenced code blocks of a Markdown file, for the tests that run the docs' examples.

/** The fenced blocks of `language` in a Markdown file, with their first line. */
export function blocks(markdown, language) {
  const found = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].trim() !== '```' + language) continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && lines[end].trim() !== '```') end++;
    found.push({ line: start + 1, code: lines.slice(start, end).join('\n') });
    i = end;
  }
  return found;
}
