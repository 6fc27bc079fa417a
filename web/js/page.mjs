// Small DOM helpers the pages share. Text always goes in as text, never as
// HTML: names come from players.

export const $ = (id) => document.getElementById(id);

export function setText(id, value) {
  const node = $(id);
  if (node) node.textContent = String(value);
}

export function cell(text, className = '') {
  const td = document.createElement('td');
  td.textContent = String(text);
  if (className) td.className = className;
  return td;
}

export function link(text, href) {
  const td = document.createElement('td');
  const a = document.createElement('a');
  a.textContent = text;
  a.href = href;
  td.append(a);
  return td;
}

export function showError(error) {
  const node = $('error');
  node.hidden = false;
  node.textContent = error instanceof Error ? error.message : String(error);
}

export function wsUrl(path) {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`;
}

export async function getJson(url) {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${(await response.text()).trim()}`);
  return response.json();
}
