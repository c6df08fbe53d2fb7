import type { Pattern } from './types.ts';

// How an audience line reads: where it goes on to a clause about its people, and how such a
// clause opens. Language-neutral except where a pattern lists words per language.

/** Where an audience line goes on to say what its people feel ("…, who hate…", "… und Angst vor…"). */
export const AUDIENCE_CLAUSE: Pattern = {
  id: 'audience-clause',
  re: /,?\s(?:who|(?<!\b(?:of|with|about|by|from|for|over)(?:\s\p{L}+){1,4}\s)that|and are|and|que|y|die|deren|und|qui|et)\s/iu,
  examples: [
    { text: 'students sharing flats who hate cooking', match: ' who ' },
    { text: 'parents that hate screen time', match: ' that ' },
    { text: 'gamers sick of keyboards that lag', match: null },
    { text: 'Rentner, die reisen und Angst vor Stress haben', match: ', die ' },
    { text: 'tenants aged 20-30', match: null },
  ],
};

/** A bare coordinating word between two parts of an audience ("… and …", "… y …"), not "who" or "that". */
export const COORDINATING: Pattern = {
  id: 'coordinating',
  re: /^,?\s(?:and|y|et)\s$/iu,
  examples: [
    { text: ' and ', match: ' and ' },
    { text: ', y ', match: ', y ' },
    { text: ' who ', match: null },
  ],
};

/**
 * How a clause about the audience opens after "and": a verb or a feeling ("hate", "are tired of",
 * "worry", "can't"), where a noun would go on the people's own phrase ("back and neck pain").
 */
export const CLAUSE_OPENING: Pattern = {
  id: 'clause-opening',
  re: /^(?:are|is|were|get|got|feel|hate|hates|dread|fear|worry|worried|struggle|struggling|can't|cannot|don't|do not|never|want|need|have|had|find|keep|tired|sick|fed up|frustrated|anxious|nervous|scared|afraid|busy|son|están|estan|odian|temen|quieren|necesitan|no|sont|ont|détestent|craignent|veulent|ne|n')\b/iu,
  examples: [
    { text: 'hate waiting in queues', match: 'hate' },
    { text: 'are tired of agencies', match: 'are' },
    { text: 'neck pain, weekend athletes', match: null },
    { text: 'their families', match: null },
  ],
};

/**
 * The copula that opens a relative clause of an audience ("who are nervous about …", "que están
 * cansados de …", "qui sont lassés de …"): its subject is the people before "who".
 */
export const CLAUSE_COPULA: Pattern = {
  id: 'clause-copula',
  re: /^(?:are|is|were|was|get|son|están|estan|sont)\s+(?=\p{L})/iu,
  examples: [
    { text: 'are nervous about their first tattoo', match: 'are ' },
    { text: 'están cansados de esperar', match: 'están ' },
    { text: 'hate waiting', match: null },
    { text: 'arent sure', match: null },
  ],
};

/**
 * Where an audience line turns to what some of its people have done or think, with a subject
 * of its own ("60-75, retired, and a lot of them have done an ocean cruise …"): the audience
 * ends there, and what they have done is an insight into it (without "a lot of them", which
 * says how many, not what).
 */
export const AUDIENCE_ASIDE: Pattern = {
  id: 'audience-aside',
  re: /,?\s(?:and\s|y\s|und\s|et\s)?(?:(?:a lot|lots|many|most|some|half|plenty) of them|(?:muchos|muchas|algunos|algunas) de ell[oa]s|(?:viele|die meisten|einige) (?:davon|von ihnen)|(?:beaucoup|la plupart|certains) d['’]entre eux)\s/iu,
  examples: [
    {
      text: '60-75, retired, and a lot of them have done an ocean cruise',
      match: ', and a lot of them ',
    },
    { text: 'Rentner, viele davon reisen allein', match: ', viele davon ' },
    { text: 'parents of toddlers', match: null },
  ],
};
