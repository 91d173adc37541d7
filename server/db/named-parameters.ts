// SQL texts written with named parameters (`@name` or `:name`), as the statements of the audit
// review, the diagnosis search and the patient cards are, run through raw-sql.ts, which takes `?`
// placeholders and an array (the form both engines read): each name becomes a `?`, and its value
// the argument at that place, as often as the name appears.

/** The names of a text's parameters in the order they appear, kept per text: the texts come from the code. */
const namesByText = new Map<string, { text: string; names: string[] }>();

function converted(text: string) {
  let done = namesByText.get(text);
  if (done) return done;
  const names: string[] = [];
  let quote: string | null = null;
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const character = text[i]!;
    if (quote) {
      if (character === quote) quote = null;
      out += character;
    } else if (character === "'" || character === '"') {
      quote = character;
      out += character;
    } else if ((character === '@' || character === ':') && /[A-Za-z_]/.test(text[i + 1] ?? '')) {
      const name = /^[A-Za-z_]\w*/.exec(text.slice(i + 1))![0];
      names.push(name);
      out += '?';
      i += name.length;
    } else {
      out += character;
    }
  }
  done = { text: out, names };
  namesByText.set(text, done);
  return done;
}

/** The text with `?` for each named parameter, and the arguments in their order; a name without a value throws, as SQLite would. */
export function positional(text: string, params: Record<string, unknown>): { text: string; args: unknown[] } {
  const { text: withPlaceholders, names } = converted(text);
  const args = names.map((name) => {
    if (!(name in params)) throw new RangeError(`Missing named parameter "${name}"`);
    return params[name];
  });
  return { text: withPlaceholders, args };
}
