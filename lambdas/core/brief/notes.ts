import { directionAt } from './direction.ts';
import { type Piece, piece } from './fields.ts';
import {
  AVOID_CUE,
  BRACKET_NOTE,
  NAMING_ONLY,
  NOTE_CUE,
  RELATIVE_REMARK,
  ROUND_BRACKET,
} from './patterns/cues.ts';

/**
 * A piece of the brief without the working notes left in it. A piece that is itself a note
 * ("price TBC", "check with client") is no claim at all: undefined. A square-bracketed aside
 * ("[confirm zones]") is an editor's note, and a direction to the copywriter after a claim
 * ("…, and that is the whole pitch") a remark: the claim is what stands outside them.
 */
export function withoutNotes(summary: string, p: Piece): Piece | undefined {
  if (NOTE_CUE.re.test(p.text) || RELATIVE_REMARK.re.test(p.text)) return undefined;
  const direction = directionAt(p.text);
  if (direction === 0) return undefined;
  if (direction !== undefined) return withoutNotes(summary, piece(summary, p.start, p.start + direction));
  const note = BRACKET_NOTE.re.exec(p.text) ?? policyBracket(p.text);
  if (!note) return p;
  const before = piece(summary, p.start, p.start + note.index);
  const after = piece(summary, p.start + note.index + note[0].length, p.end);
  const kept = before.text.length >= after.text.length ? before : after;
  return /[\p{L}\d]/u.test(kept.text) ? withoutNotes(summary, kept) : undefined;
}

/** A round bracket whose remark is policy or direction ("(…, so don't present it as better)"). */
function policyBracket(text: string): RegExpExecArray | null {
  const m = ROUND_BRACKET.re.exec(text);
  const inner = m?.[1] ?? '';
  return m && (AVOID_CUE.re.test(inner) || directionAt(inner) !== undefined) ? m : null;
}

/**
 * Whether a sentence's policy is a bracket that only forbids naming something ("(can't name
 * them)", "(don't name it, contract thing)") beside a claim of three words or more: the claim names
 * nothing and stands. A bracket on how to present the claim ("don't present it as better") keeps
 * the whole sentence out.
 */
export function claimBesideBracket(text: string): boolean {
  const brackets = text.match(/\([^()]*\)/gu) ?? [];
  const outside = text.replace(/\([^()]*\)/gu, ' ').trim();
  return (
    brackets.length > 0 &&
    brackets.every((b) => !AVOID_CUE.re.test(b) || NAMING_ONLY.re.test(b)) &&
    !AVOID_CUE.re.test(outside) &&
    outside.split(/\s+/u).length >= 3
  );
}
