/**
 * The Bedrock text path's prompts, as data (a catalogue in English: the model writes the ad
 * copy in the brief's language, whatever language it is instructed in). `{name}` slots are
 * filled by `fillPrompt`; every prompt receives the brief's facts with their ids.
 */
export const PROMPTS = {
  extractSystem:
    'You read advertising research briefs for an ad agency. You extract facts exactly as the brief states them; you never add, round or rephrase a figure.',
  extractUser:
    'Client: {client}\nLanguage (ISO 639-1): {language}\nResearch summary:\n"""\n{summary}\n"""\n\nExtract the brief. Each fact is one claim, as short as it can be while usable on its own, copied word for word from the summary (its text must be an exact substring), with its role and every figure it contains written as the summary writes it ("4.7/5", not "5"). Section labels ("Proof points:", "Offer:") are never part of a fact. Tone lines and legal notes are not facts: put forbidden claims in avoid. category is "vertical > sub-vertical" in English; subject is what a photo of this business shows, in English, without any text. Number the facts f1, f2, … and set span to null (the service computes spans).',
  anglesSystem:
    'You are a senior direct-response strategist writing marketing angles for paid social and display ads. Write every text field except visual_style in the language with ISO 639-1 code "{language}", speaking to the reader (second person).{tone}',
  anglesUser:
    'Client: {client}\nWhat it sells: {product}\nAudience: {audience}\nWhere: {location}\nWhat a picture shows: {subject}\nFacts of the brief (id, role, text):\n{facts}\n\nPropose exactly 10 distinct angles. Each has a unique name, a hook (one idea, under 120 characters, built on the facts it lists in fact_ids; combine facts for a thin brief rather than writing filler), an awareness_level (one of {levels}; cover at least four), a visual_style (art direction in English, no text in the image) and a copy_direction. Use no number, rating, price, award, guarantee or name the facts do not state, and keep every rating on its scale. Never print a section label of the brief. Never use these words or their forms: {banned}. Never say: {avoid}.',
  copySystem:
    'You are a performance copywriter for {client}. Write in the language with ISO 639-1 code "{language}", speaking to the reader. Tone of voice: {tone}. Never use these words or their forms: {banned}. Never say: {avoid}.',
  copyUser:
    'Facts of the brief (id, role, text):\n{facts}\nOffer: {offer}\nCTA: {cta}\nTagline: {tagline}\nPlatforms and limits (characters): {limits}\nAngles:\n{angles}\n\nWrite one entry per angle and platform: headline, primary_text, description and cta. The three texts of one ad each say something different (no sentence twice); each fits its limit as a complete phrase; the description is never empty. Use only numbers and claims from the facts, the offer, the CTA and the tagline. Never mention the internal campaign name "{campaign}".',
  repair: 'Your previous answer was rejected: {problems}. Answer again and fix exactly these problems.',
  none: '(none)',
  defaultTone: 'clear and friendly',
  toneSuffix: " The brand's tone of voice: {tone}.",
} as const;

export type PromptKey = keyof typeof PROMPTS;

/** A prompt with its `{slots}` filled (a slot without a value is left empty). */
export function fillPrompt(key: PromptKey, values: Record<string, string>): string {
  return PROMPTS[key].replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
}
