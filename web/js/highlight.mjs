// The playground editor's JavaScript highlighting: the code cut into tokens
// (comments, strings, numbers, keywords, the rest), and those tokens as
// escaped HTML. No DOM: Node tests it. A highlighter only, not a parser: a
// regular expression literal is read as the operators it is made of.

const KEYWORDS = new Set(
  (
    'async await break case catch class const continue debugger default delete do else export ' +
    'extends finally for function if import in instanceof let new of return static super switch ' +
    'this throw try typeof var void while with yield'
  ).split(' '),
);
const LITERALS = new Set(['true', 'false', 'null', 'undefined', 'NaN', 'Infinity']);

// One alternative a token kind; the first that matches at a place wins.
const TOKEN = new RegExp(
  [
    /(\/\/[^\n]*|\/\*[\s\S]*?(?:\*\/|$))/.source, // 1 comment (unclosed: to the end)
    /('(?:[^'\\\n]|\\.)*'?|"(?:[^"\\\n]|\\.)*"?|`(?:[^`\\]|\\[\s\S])*`?)/.source, // 2 string
    /(0[xX][\da-fA-F_]+n?|0[bB][01_]+n?|(?:\d[\d_]*\.?[\d_]*|\.\d[\d_]*)(?:[eE][+-]?\d+)?n?)/
      .source, // 3 number
    /([A-Za-z_$][\w$]*)/.source, // 4 word
  ].join('|'),
  'gy',
);

/** The code as [{ kind, text }], kind one of 'comment', 'string', 'number',
 * 'keyword', 'literal' or 'plain'; the texts joined are the code. */
export function tokens(code) {
  const out = [];
  let plain = '';
  const flush = () => {
    if (plain) out.push({ kind: 'plain', text: plain });
    plain = '';
  };
  let at = 0;
  while (at < code.length) {
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(code);
    if (!m || m[0] === '') {
      plain += code[at];
      at += 1;
      continue;
    }
    let kind = 'plain';
    if (m[1] !== undefined) kind = 'comment';
    else if (m[2] !== undefined) kind = 'string';
    else if (m[3] !== undefined) kind = 'number';
    else if (KEYWORDS.has(m[4])) kind = 'keyword';
    else if (LITERALS.has(m[4])) kind = 'literal';
    if (kind === 'plain') {
      plain += m[0];
    } else {
      flush();
      out.push({ kind, text: m[0] });
    }
    at += m[0].length;
  }
  flush();
  return out;
}

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** text made safe inside an HTML element. */
export function escapeHtml(text) {
  return text.replace(/[&<>"]/g, (c) => ESCAPES[c]);
}

/** The code as HTML: each token that is not plain in a span of class
 * `tok-{kind}`, every character escaped. */
export function highlightHtml(code) {
  return tokens(code)
    .map(({ kind, text }) =>
      kind === 'plain' ? escapeHtml(text) : `<span class="tok-${kind}">${escapeHtml(text)}</span>`,
    )
    .join('');
}

/** How many lines the editor shows for text (a last empty line counts). */
export function lineCount(text) {
  let n = 1;
  for (const c of text) if (c === '\n') n += 1;
  return n;
}
