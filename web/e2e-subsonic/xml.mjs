// Just enough XML for Subsonic answers: a strict parser (well-formedness,
// entities) and a check that an XML answer says what the JSON answer to the
// same call says, by the rules the Subsonic XSD and its JSON mapping share:
// a scalar field is an attribute, an object a child element, an array
// repeated child elements, and `value` an element's text (lyrics, lines).

const entities = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decode(s, where) {
  return s.replace(/&([^;]*);?/g, (whole, name) => {
    if (!whole.endsWith(';')) throw new Error(`${where}: a bare & in ${JSON.stringify(s)}`);
    if (name in entities) return entities[name];
    const m = /^#(x[0-9a-fA-F]+|[0-9]+)$/.exec(name);
    if (!m) throw new Error(`${where}: unknown entity &${name};`);
    return String.fromCodePoint(m[1][0] === 'x' ? parseInt(m[1].slice(1), 16) : Number(m[1]));
  });
}

/** Parses an XML document into {name, attrs, children, text}; throws when it is not well-formed. */
export function parseXML(text) {
  const token =
    /<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<\/([^\s>]+)\s*>|<([^\s/>!?]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>|([^<]+)|</g;
  const stack = [];
  let root = null;
  let m;
  while ((m = token.exec(text))) {
    const [whole, close, open, attrText, selfClose, chars] = m;
    if (whole === '<')
      throw new Error(`malformed markup at ${m.index}: ${text.slice(m.index, m.index + 60)}`);
    if (chars !== undefined) {
      if (stack.length) stack.at(-1).text += decode(chars, 'text');
      else if (chars.trim())
        throw new Error(`text outside the root element: ${chars.trim().slice(0, 40)}`);
      continue;
    }
    if (close) {
      const el = stack.pop();
      if (!el || el.name !== close)
        throw new Error(`</${close}> closes <${el?.name ?? 'nothing'}>`);
      continue;
    }
    if (!open) continue; // declaration or comment
    const attrs = {};
    for (const a of (attrText ?? '').matchAll(/([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      if (a[1] in attrs) throw new Error(`<${open}> repeats the attribute ${a[1]}`);
      attrs[a[1]] = decode(a[2] ?? a[3], `<${open} ${a[1]}>`);
    }
    const el = { name: open, attrs, children: [], text: '' };
    if (stack.length) stack.at(-1).children.push(el);
    else if (root) throw new Error('a second root element');
    else root = el;
    if (!selfClose) stack.push(el);
  }
  if (stack.length) throw new Error(`<${stack.at(-1).name}> is never closed`);
  if (!root) throw new Error('no root element');
  return root;
}

function samePrimitive(text, value) {
  if (typeof value === 'boolean') return text === String(value);
  if (typeof value === 'number') return text.trim() !== '' && Number(text) === value;
  return text === String(value);
}

/**
 * The differences between an XML element and the JSON object that stands
 * for it ([] when they say the same). `path` names the place for messages.
 */
export function compareXML(el, obj, path = el.name) {
  const problems = [];
  const keys = new Set(Object.keys(obj));
  for (const [k, v] of Object.entries(obj)) {
    const kids = el.children.filter((c) => c.name === k);
    const at = `${path}.${k}`;
    if (Array.isArray(v)) {
      if (kids.length !== v.length) {
        problems.push(`${at}: ${v.length} in JSON, ${kids.length} <${k}> in XML`);
        continue;
      }
      v.forEach((item, i) => {
        if (item !== null && typeof item === 'object')
          problems.push(...compareXML(kids[i], item, `${at}[${i}]`));
        else if (!samePrimitive(kids[i].text, item))
          problems.push(
            `${at}[${i}]: JSON ${JSON.stringify(item)}, XML ${JSON.stringify(kids[i].text)}`,
          );
      });
    } else if (v !== null && typeof v === 'object') {
      if (kids.length !== 1)
        problems.push(`${at}: an object in JSON, ${kids.length} <${k}> in XML`);
      else problems.push(...compareXML(kids[0], v, at));
    } else if (k in el.attrs) {
      if (!samePrimitive(el.attrs[k], v))
        problems.push(
          `${at}: JSON ${JSON.stringify(v)}, XML attribute ${JSON.stringify(el.attrs[k])}`,
        );
    } else if (k === 'value') {
      if (el.text !== String(v))
        problems.push(`${at}: JSON ${JSON.stringify(v)}, XML text ${JSON.stringify(el.text)}`);
    } else if (kids.length === 1 && !kids[0].children.length && samePrimitive(kids[0].text, v)) {
      // A text element, as the XSD has for biography or notes.
    } else {
      problems.push(`${at}: ${JSON.stringify(v)} in JSON, no such attribute in XML`);
    }
  }
  for (const a of Object.keys(el.attrs)) {
    if (!keys.has(a) && a !== 'xmlns')
      problems.push(`${path}: XML attribute ${a}="${el.attrs[a]}" is not in JSON`);
  }
  for (const name of new Set(el.children.map((c) => c.name))) {
    if (!keys.has(name)) problems.push(`${path}: XML element <${name}> is not in JSON`);
  }
  return problems;
}
