// The import scanner of check-layers.mjs: a tokenizer that knows just enough TypeScript to find
// import and export declarations, and the parser that classifies them as run-time or type-only.

// ---------------------------------------------------------------------------------------
// Tokenizer: just enough of TypeScript to find import/export declarations reliably
// (comments, strings, template literals and regular expressions are skipped properly).

const KEYWORDS_BEFORE_EXPRESSION = new Set("return typeof instanceof in of new delete void throw case do else yield await extends".split(" "));

export function tokenize(src) {
  const tokens = []; // { t: "id" | "str" | "p" | "tpl", v, line }
  const braceStack = []; // for each open "${": the brace depth at which the template resumes
  let depth = 0;
  let line = 1;
  let i = 0;
  const n = src.length;

  const regexAllowed = () => {
    const prev = tokens[tokens.length - 1];
    if (!prev) return true;
    if (prev.t === "id") return KEYWORDS_BEFORE_EXPRESSION.has(prev.v);
    if (prev.t === "str" || prev.t === "num" || prev.t === "tpl" || prev.t === "re") return false;
    return !(prev.v === ")" || prev.v === "]" || prev.v === "}");
  };

  // Reads a template literal body from i (just after "`" or "}"), up to "`" or "${".
  const readTemplate = () => {
    while (i < n) {
      const c = src[i];
      if (c === "\\") {
        i += 2;
      } else if (c === "`") {
        i++;
        tokens.push({ t: "tpl", v: "`", line });
        return;
      } else if (c === "$" && src[i + 1] === "{") {
        i += 2;
        braceStack.push(depth);
        depth++;
        tokens.push({ t: "p", v: "${", line });
        return;
      } else {
        if (c === "\n") line++;
        i++;
      }
    }
  };

  while (i < n) {
    const c = src[i];
    if (c === "\n") {
      line++;
      i++;
    } else if (c === " " || c === "\t" || c === "\r" || c === "\f" || c === "\v" || c === "\uFEFF") {
      i++;
    } else if (c === "/" && src[i + 1] === "/") {
      while (i < n && src[i] !== "\n") i++;
    } else if (c === "/" && src[i + 1] === "*") {
      const end = src.indexOf("*/", i + 2);
      const stop = end < 0 ? n : end + 2;
      for (let j = i; j < stop; j++) if (src[j] === "\n") line++;
      i = stop;
    } else if (c === '"' || c === "'") {
      let v = "";
      i++;
      while (i < n && src[i] !== c && src[i] !== "\n") {
        if (src[i] === "\\") {
          v += src[i + 1] ?? "";
          i += 2;
        } else {
          v += src[i++];
        }
      }
      i++;
      tokens.push({ t: "str", v, line });
    } else if (c === "`") {
      i++;
      readTemplate();
    } else if (c === "/" && regexAllowed()) {
      i++;
      let inClass = false;
      while (i < n && src[i] !== "\n") {
        const r = src[i];
        if (r === "\\") {
          i += 2;
          continue;
        }
        i++;
        if (r === "[") inClass = true;
        else if (r === "]") inClass = false;
        else if (r === "/" && !inClass) break;
      }
      while (i < n && /[\w$]/.test(src[i])) i++;
      tokens.push({ t: "re", v: "/", line });
    } else if (/[A-Za-z_$\u0080-\uFFFF]/.test(c)) {
      let j = i + 1;
      while (j < n && /[\w$\u0080-\uFFFF]/.test(src[j])) j++;
      tokens.push({ t: "id", v: src.slice(i, j), line });
      i = j;
    } else if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(src[i + 1] ?? ""))) {
      let j = i + 1;
      while (j < n && /[\w.]/.test(src[j])) j++;
      tokens.push({ t: "num", v: src.slice(i, j), line });
      i = j;
    } else if (c === "{") {
      depth++;
      i++;
      tokens.push({ t: "p", v: "{", line });
    } else if (c === "}") {
      depth--;
      i++;
      if (braceStack.length > 0 && braceStack[braceStack.length - 1] === depth) {
        braceStack.pop();
        tokens.push({ t: "p", v: "}", line });
        readTemplate();
      } else {
        tokens.push({ t: "p", v: "}", line });
      }
    } else if (c === "." && src[i + 1] === "." && src[i + 2] === ".") {
      tokens.push({ t: "p", v: "...", line });
      i += 3;
    } else if (c === "?" && src[i + 1] === ".") {
      tokens.push({ t: "p", v: "?.", line });
      i += 2;
    } else {
      tokens.push({ t: "p", v: c, line });
      i++;
    }
  }
  return tokens;
}

// ---------------------------------------------------------------------------------------
// Import parser

const isP = (tok, v) => tok !== undefined && tok.t === "p" && tok.v === v;
const isId = (tok, v) => tok !== undefined && tok.t === "id" && (v === undefined || tok.v === v);

// Parses "{ a, type b, c as d }" starting at tokens[i] === "{".
// Returns { next, count, typeCount }.
function parseNamedList(tokens, i) {
  let count = 0;
  let typeCount = 0;
  i++;
  while (i < tokens.length && !isP(tokens[i], "}")) {
    // One specifier: [type] name [as alias]
    const start = i;
    while (i < tokens.length && !isP(tokens[i], ",") && !isP(tokens[i], "}")) i++;
    const spec = tokens.slice(start, i);
    if (spec.length > 0) {
      count++;
      // `type X`, `type X as Y`, `type "str" as Y`; but not `type` or `type as X` alone.
      const inlineType = isId(spec[0], "type") && spec.length >= 2 && !(spec.length === 3 && isId(spec[1], "as"));
      if (inlineType) typeCount++;
    }
    if (isP(tokens[i], ",")) i++;
  }
  return { next: i + 1, count, typeCount };
}

/**
 * Returns the import/export-from declarations of a TypeScript source:
 * [{ specifier, typeOnly, kind: "import" | "export" | "side-effect" | "dynamic", line }].
 */
export function parseImports(src) {
  const tokens = tokenize(src);
  const out = [];
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i];
    if (tok.t !== "id" || (tok.v !== "import" && tok.v !== "export")) continue;
    const prev = tokens[i - 1];
    if (isP(prev, ".") || isP(prev, "?.")) continue; // obj.import
    const next = tokens[i + 1];
    if (isP(next, ":")) continue; // { import: ... }

    if (tok.v === "import") {
      if (isP(next, "(")) {
        // Dynamic import; `typeof import("x")` and `import("x").Name` in type positions are
        // type-only.
        const arg = tokens[i + 2];
        if (arg?.t !== "str" || !(isP(tokens[i + 3], ")") || isP(tokens[i + 3], ","))) continue;
        let close = i + 3;
        if (isP(tokens[close], ",")) {
          let d = 0;
          for (; close < tokens.length; close++) {
            if (isP(tokens[close], "(")) d++;
            else if (isP(tokens[close], ")")) {
              if (d === 0) break;
              d--;
            }
          }
        }
        const after = tokens[close + 1];
        const member = tokens[close + 2];
        const typePosition = isId(prev, "typeof") || (isP(after, ".") && isId(member) && !["then", "catch", "finally"].includes(member.v));
        out.push({ specifier: arg.v, typeOnly: typePosition, kind: "dynamic", line: tok.line });
        continue;
      }
      if (isP(next, ".")) continue; // import.meta
      if (next?.t === "str") {
        out.push({ specifier: next.v, typeOnly: false, kind: "side-effect", line: tok.line });
        continue;
      }
      // import [type] <clause> from "x"   |   import [type] X = require("x")
      let j = i + 1;
      let typeOnly = false;
      if (
        isId(tokens[j], "type") &&
        !isP(tokens[j + 1], ",") &&
        !(isId(tokens[j + 1], "from") && tokens[j + 2]?.t === "str") &&
        !isP(tokens[j + 1], "=")
      ) {
        typeOnly = true;
        j++;
      }
      let hasDefaultOrNamespace = false;
      let named = null;
      for (; j < tokens.length; j++) {
        const t = tokens[j];
        if (isP(t, "{")) {
          named = parseNamedList(tokens, j);
          j = named.next - 1;
        } else if (isId(t, "from") && tokens[j + 1]?.t === "str") {
          break;
        } else if (isP(t, "*") || t.t === "id") {
          hasDefaultOrNamespace = true; // default import, "* as ns" (the "as" counts too: harmless)
        } else if (isP(t, "=")) {
          // import X = require("x")
          if (isId(tokens[j + 1], "require") && isP(tokens[j + 2], "(") && tokens[j + 3]?.t === "str") {
            out.push({ specifier: tokens[j + 3].v, typeOnly, kind: "import", line: tok.line });
          }
          j = -1;
          break;
        } else if (!isP(t, ",")) {
          j = -1; // not an import declaration we understand
          break;
        }
      }
      if (j < 0 || j >= tokens.length) continue;
      if (!typeOnly && !hasDefaultOrNamespace && named && named.count > 0 && named.typeCount === named.count) {
        typeOnly = true;
      }
      out.push({ specifier: tokens[j + 1].v, typeOnly, kind: "import", line: tok.line });
      i = j + 1;
      continue;
    }

    // export ... from "x"
    let j = i + 1;
    let typeOnly = false;
    if (isId(tokens[j], "type") && (isP(tokens[j + 1], "{") || isP(tokens[j + 1], "*"))) {
      typeOnly = true;
      j++;
    }
    if (isP(tokens[j], "*")) {
      j++;
      if (isId(tokens[j], "as")) j += 2;
      if (isId(tokens[j], "from") && tokens[j + 1]?.t === "str") {
        out.push({ specifier: tokens[j + 1].v, typeOnly, kind: "export", line: tok.line });
        i = j + 1;
      }
      continue;
    }
    if (isP(tokens[j], "{")) {
      const named = parseNamedList(tokens, j);
      j = named.next;
      if (isId(tokens[j], "from") && tokens[j + 1]?.t === "str") {
        if (named.count > 0 && named.typeCount === named.count) typeOnly = true;
        out.push({ specifier: tokens[j + 1].v, typeOnly, kind: "export", line: tok.line });
        i = j + 1;
      }
    }
  }
  return out;
}
