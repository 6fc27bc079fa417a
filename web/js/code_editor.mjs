// The playground's editor: CodeJar (web/vendor, undo and redo, indentation,
// closing brackets) on a contenteditable element, with our highlighting
// (highlight.mjs), line numbers in a gutter beside it and a line that can be
// marked (where an error is). The frame holds the gutter and the code and
// scrolls them together; lines never wrap, so a number stays by its line.
import { CodeJar } from '../vendor/codejar.js';
import { highlightHtml, lineCount } from './highlight.mjs';

export class CodeEditor {
  /** frame: the element that scrolls; gutter and code: its two children. */
  constructor(frame, gutter, code) {
    this.frame = frame;
    this.gutter = gutter;
    this.code = code;
    this.marked = null;
    this.last = null;
    this.changed = () => {};
    this.band = document.createElement('div');
    this.band.className = 'marked-line';
    this.band.hidden = true;
    frame.append(this.band);
    this.jar = CodeJar(
      code,
      (editor) => {
        editor.innerHTML = highlightHtml(editor.textContent);
      },
      { tab: '  ' },
    );
    // CodeJar wraps and scrolls the code itself; the frame does both here.
    code.style.whiteSpace = 'pre';
    code.style.overflowWrap = 'normal';
    code.style.overflowY = 'visible';
    this.jar.onUpdate(() => this.update());
    // Text put in by a script (a test, an extension) as by typing.
    code.addEventListener('input', () => this.update());
    // Tab indents; Escape first lets the next Tab leave the editor.
    code.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') this.jar.updateOptions({ catchTab: false });
    });
    code.addEventListener('focus', () => this.jar.updateOptions({ catchTab: true }));
  }

  get value() {
    return this.jar.toString();
  }

  set value(text) {
    this.jar.updateCode(text, false);
    this.update();
  }

  /** Called with the text after each change. */
  onChange(callback) {
    this.changed = callback;
  }

  /** Marks line n (from 1) in the gutter and across the code; null clears. */
  mark(n) {
    this.marked = n;
    this.numberLines();
    this.band.hidden = n === null;
    if (n === null) return;
    const style = getComputedStyle(this.code);
    const height = parseFloat(style.lineHeight);
    this.band.style.top = `${parseFloat(style.paddingTop) + (n - 1) * height}px`;
    this.band.style.height = `${height}px`;
    // Brought into sight when it is out of it.
    const top = parseFloat(this.band.style.top);
    if (
      top < this.frame.scrollTop ||
      top + height > this.frame.scrollTop + this.frame.clientHeight
    ) {
      this.frame.scrollTop = Math.max(0, top - this.frame.clientHeight / 2);
    }
  }

  update() {
    const text = this.value;
    if (text === this.last) return; // typing reports twice: input, then keyup
    this.last = text;
    // An edit moves the lines: an old mark would point at another one.
    if (this.marked !== null) this.mark(null);
    else this.numberLines();
    this.changed(text);
  }

  numberLines() {
    const count = lineCount(this.value.replace(/\n$/, ''));
    const lines = [];
    for (let n = 1; n <= count; n++) {
      const line = document.createElement('div');
      line.textContent = String(n);
      if (n === this.marked) line.className = 'marked';
      lines.push(line);
    }
    this.gutter.replaceChildren(...lines);
  }
}
