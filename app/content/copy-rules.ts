// Two editorial rules for everything a visitor reads (issue 14, points 6 and 7): the site is written in
// US English, and no sentence is pasted into more than one article. Pure functions over text, so the
// content test (app/content/copy-rules.test.ts) runs them on the real files without a build.

/** A British spelling, matched as a whole word in any case, with the US form to use instead. */
export type BritishSpelling = { pattern: string; us: string };

/**
 * The British spellings we look for. Each pattern lists its inflections explicitly: a generic "-ise"
 * rule would flag advertise, expertise, franchise and promise. "analyses" is left out on purpose: it is
 * also the US plural of "analysis".
 */
export const britishSpellings: readonly BritishSpelling[] = [
  { pattern: "optimis(?:e|es|ed|ing|ation|ations)", us: "optimize, optimization" },
  { pattern: "colour(?:s|ed|ful|ing)?", us: "color" },
  { pattern: "favourit(?:e|es)", us: "favorite" },
  { pattern: "favour(?:s|ed|ing|able|ably)?", us: "favor, favorable" },
  { pattern: "analys(?:e|ed|ing)", us: "analyze" },
  { pattern: "organis(?:e|es|ed|er|ers|ing|ation|ations|ational)", us: "organize, organization" },
  { pattern: "enquir(?:y|ies|e|es|ed|ing)", us: "inquiry, inquire" },
  { pattern: "behaviour(?:s|al)?", us: "behavior" },
  { pattern: "centre(?:s|d)?", us: "center" },
  { pattern: "licence(?:s|d)?", us: "license" },
  { pattern: "programme(?:s)?", us: "program" },
  { pattern: "catalogue(?:s|d)?", us: "catalog" },
  { pattern: "prioritis(?:e|es|ed|ing|ation)", us: "prioritize" },
  { pattern: "recognis(?:e|es|ed|ing|able)", us: "recognize" },
  { pattern: "realis(?:e|es|ed|ing)", us: "realize" },
  { pattern: "specialis(?:e|es|ed|ing)", us: "specialize" },
  { pattern: "customis(?:e|es|ed|ing|ation)", us: "customize" },
  { pattern: "personalis(?:e|es|ed|ing|ation)", us: "personalize" },
  {
    pattern:
      "(?:minimis|maximis|utilis|summaris|standardis|categoris|authoris|apologis|criticis|finalis|visualis|emphasis|capitalis|monetis|localis|digitalis|mobilis)(?:e|es|ed|ing|ation)",
    us: "-ize, -ization",
  },
  { pattern: "neighbour(?:s|hood|hoods|ing|ly)?", us: "neighbor" },
  {
    pattern: "(?:labour|honour|rumour|humour|harbour|endeavour|vapour|savour|flavour|armour|parlour)(?:s|ed|ing)?",
    us: "-or (labor, honor, flavor)",
  },
  { pattern: "defence|offence|pretence", us: "defense, offense, pretense" },
  {
    pattern: "(?:travell|cancell|modell|labell|fuell|signall|counsell|levell|totall)(?:ed|ing|er|ers)",
    us: "single l (traveled, canceled, labeled)",
  },
  {
    pattern: "fulfil|fulfils|fulfilment|enrol|enrols|enrolment|instalment|instalments",
    us: "fulfill, enroll, installment",
  },
  {
    pattern: "grey|cheques?|tyres?|aluminium|jewellery|mould(?:s|y|ed)?|plough|sceptic(?:al|ism)?|manoeuvres?|ageing",
    us: "gray, check, tire, aluminum, jewelry, mold, plow, skeptic, maneuver, aging",
  },
  { pattern: "(?:theat|met|lit|fib|calib|kilomet)res?", us: "-er (theater, meter, fiber)" },
  {
    pattern: "whilst|amongst|learnt|spelt|practis(?:e|es|ed|ing)|storeys?|postcodes?",
    us: "while, among, learned, spelled, practice, story, ZIP code",
  },
];

/**
 * A British spelling the spec itself quotes: SPEC.md's quoted strings stay exactly as written, so the text
 * holding them may keep the word, and only inside that exact phrase.
 */
export type SpecQuoteException = { phrase: string; why: string };

export const specQuoteExceptions: readonly SpecQuoteException[] = [
  {
    phrase: "custom branded colour schemes",
    why: "SPEC §2 'Website upgrade landing page', the Modern Design card's list item, quoted word for word",
  },
  {
    phrase: "General request behaviour",
    why: "SPEC §7's paragraph title, cited by name in app/lib/api-client.ts",
  },
];

const britishWord = new RegExp(
  `(?<![\\p{L}\\p{N}_])(?:${britishSpellings.map((spelling) => `(${spelling.pattern})`).join("|")})(?![\\p{L}\\p{N}_])`,
  "giu",
);

export type SpellingFinding = { file: string; line: number; word: string; us: string };

/** Every British spelling in a text, with its line, ignoring the spec's own quoted phrases. */
export function findBritishSpellings(
  file: string,
  text: string,
  exceptions: readonly SpecQuoteException[] = specQuoteExceptions,
): SpellingFinding[] {
  const findings: SpellingFinding[] = [];
  text.split("\n").forEach((rawLine, index) => {
    let line = rawLine;
    for (const exception of exceptions) {
      // Blank the quoted phrase out (keeping the line's length), so the words around it are still checked.
      line = line.replace(new RegExp(escapeRegExp(exception.phrase), "gi"), (match) => " ".repeat(match.length));
    }
    for (const match of line.matchAll(britishWord)) {
      const group = match.slice(1).findIndex((value) => value !== undefined);
      findings.push({ file, line: index + 1, word: match[0], us: britishSpellings[group]!.us });
    }
  });
  return findings;
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A document to compare: a file name and its plain text (no markup). */
export type CopyDocument = { file: string; text: string };

/** Sentences shorter than this are common phrasing ("Make it easy."), not a pasted claim. */
export const MIN_SENTENCE_WORDS = 6;

/** The plain text of rendered HTML: tags out, block ends kept as line breaks, common entities decoded. */
export function plainTextOfHtml(html: string): string {
  return html
    .replace(/<\/(?:p|li|h[1-6]|blockquote|td|th|pre)>|<br\s*\/?>/gi, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** The text's sentences, whitespace collapsed: split at line breaks and after . ! ? (and a closing quote). */
export function sentencesOf(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?]["”’)]?)\s+(?=["“(]?[A-Z0-9])/)
    .map((sentence) => sentence.replace(/\s+/g, " ").trim())
    .filter(Boolean);
}

function sentenceKey(sentence: string) {
  return sentence
    .toLowerCase()
    .replace(/[“”]/g, '"')
    .replace(/[‘’]/g, "'")
    .replace(/[.!?:;,\s]+$/, "");
}

export type RepeatedSentence = { sentence: string; files: string[] };

/**
 * Sentences that appear in more than one document, with every file they appear in. Short sentences and
 * the given labels (the spec's call-to-action texts, which several articles must share) are ignored.
 */
export function repeatedSentences(
  documents: readonly CopyDocument[],
  ignoredLabels: readonly string[] = [],
): RepeatedSentence[] {
  const ignored = new Set(ignoredLabels.map(sentenceKey));
  const filesByKey = new Map<string, { sentence: string; files: Set<string> }>();
  for (const document of documents) {
    for (const sentence of sentencesOf(document.text)) {
      if (sentence.split(" ").length < MIN_SENTENCE_WORDS) continue;
      const key = sentenceKey(sentence);
      if (ignored.has(key)) continue;
      const entry = filesByKey.get(key) ?? { sentence, files: new Set<string>() };
      entry.files.add(document.file);
      filesByKey.set(key, entry);
    }
  }
  return [...filesByKey.values()]
    .filter((entry) => entry.files.size > 1)
    .map((entry) => ({ sentence: entry.sentence, files: [...entry.files].sort() }));
}

/**
 * Figures an article may share with another: SPEC §9 "Article copy" gives articles their own figures,
 * and the only ranges among them is advice, not a result claim.
 */
export const sharedArticleFigures: readonly string[] = ["50-60"];

/** A percentage ("300%") or a range ("50-80"): the shape of a result claim. */
const figure = /(?<![\w.])\d+(?:\.\d+)?(?:\s?%|[-–]\d+(?:\.\d+)?)(?![\w.]*\d)/g;

export type RepeatedFigure = { figure: string; files: string[] };

/**
 * Percentages and ranges that appear in more than one document: the same result claim pasted into
 * several articles, however its sentence was reworded ("300% traffic growth", "traffic grew 300%").
 */
export function repeatedFigures(
  documents: readonly CopyDocument[],
  shared: readonly string[] = sharedArticleFigures,
): RepeatedFigure[] {
  const filesByFigure = new Map<string, Set<string>>();
  for (const document of documents) {
    for (const [match] of document.text.matchAll(figure)) {
      const normalized = match.replace(/\s/g, "").replace("–", "-");
      if (shared.includes(normalized)) continue;
      filesByFigure.set(normalized, (filesByFigure.get(normalized) ?? new Set()).add(document.file));
    }
  }
  return [...filesByFigure.entries()]
    .filter(([, files]) => files.size > 1)
    .map(([found, files]) => ({ figure: found, files: [...files].sort() }));
}
