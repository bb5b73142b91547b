/**
 * The MCP prompt: answer a question from the records, citing each record's url as the reuse terms require; and the
 * completions of its kind and region arguments. Neither reads the corpus: the vocabulary is in the schemas.
 */
import { REUSE_TERMS, reuseBlock } from '../publish/reuse-terms.ts';
import { KINDS, REGIONS } from '../schema/vocabulary.ts';
import { rpcError } from './api-access.ts';

/** Longest question the prompt takes, in characters (bounds the message it returns). */
export const QUESTION_MAX = 1000;
const PROMPT = 'answer_from_records';
/** The values an argument can take, for validation and completion. */
const CHOICES: Record<string, readonly string[]> = { kind: KINDS, region: REGIONS };

/** prompts/list: the one prompt and its arguments. */
export const PROMPTS = [
  {
    name: PROMPT,
    title: 'Answer from the records',
    description:
      'Answer a question about driving licences in Belgium from the permis-facts records only, citing each record used by its url as the reuse terms require.',
    arguments: [
      { name: 'question', description: `The question to answer (at most ${QUESTION_MAX} characters)`, required: true },
      { name: 'kind', description: `Search only records of this kind: ${KINDS.join(', ')}`, required: false },
      {
        name: 'region',
        description: `Search only records declaring this region: ${REGIONS.join(', ')} (belgique: national)`,
        required: false,
      },
    ],
  },
] as const;

/** prompts/get: the user message that asks the assistant to answer from the records and cite them. */
export function getPrompt(name: string, given: Record<string, string> | undefined, siteUrl: string) {
  const args = given ?? {};
  if (name !== PROMPT) throw rpcError(-32602, `no prompt named ${JSON.stringify(name)}; the prompts are ${PROMPT}`);
  const unknown = Object.keys(args).find((arg) => !PROMPTS[0].arguments.some((known) => known.name === arg));
  if (unknown)
    throw rpcError(-32602, `${PROMPT} takes question, kind and region; unknown argument ${JSON.stringify(unknown)}`);
  const question = args.question?.trim() ?? '';
  if (!question) throw rpcError(-32602, 'question is required');
  if (question.length > QUESTION_MAX)
    throw rpcError(-32602, `question must be at most ${QUESTION_MAX} characters, got ${question.length}`);
  for (const [arg, choices] of Object.entries(CHOICES)) {
    const value = args[arg];
    if (value !== undefined && value !== '' && !choices.includes(value))
      throw rpcError(-32602, `${arg} must be one of ${choices.join(', ')}, got ${JSON.stringify(value)}`);
  }
  const filters = Object.keys(CHOICES)
    .filter((arg) => args[arg])
    .map((arg) => `, ${arg}: "${args[arg]}"`)
    .join('');
  const { attribution, page } = reuseBlock(siteUrl);
  const text = [
    `Answer this question from the permis-facts records (driving licences in Belgium) only: ${question}`,
    '',
    `1. Search with the search_facts tool (q: the key words of the question${filters}); try other words if nothing matches, and read each record you rely on in full with get_fact.`,
    '2. Answer in the language of the question. Say so when the records do not answer it; do not fill the gap from elsewhere.',
    `3. Cite every record you use by its url: ${attribution}. Reuse terms (${page}): ${REUSE_TERMS.join(' ')}`,
  ].join('\n');
  return {
    description: `Answer from the records: ${question.slice(0, 80)}`,
    messages: [{ role: 'user' as const, content: { type: 'text' as const, text } }],
  };
}

/** completion/complete: the kinds or regions starting with what was typed (case and accents ignored). */
export function complete(
  ref: { type: string; name?: string; uri?: string },
  argument: { name: string; value: string },
) {
  if (ref.type === 'ref/prompt' && ref.name !== PROMPT)
    throw rpcError(-32602, `no prompt named ${JSON.stringify(ref.name)}; the prompts are ${PROMPT}`);
  const choices = ref.type === 'ref/prompt' ? CHOICES[argument.name] : undefined;
  const typed = fold(argument.value);
  const values = (choices ?? []).filter((value) => fold(value).startsWith(typed));
  return { completion: { values, total: values.length, hasMore: false } };
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
