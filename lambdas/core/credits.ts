export type CreditsView = { granted: number; available: number; reserved: number; used: number };

export function creditsView(credits: { available: number; reserved: number; used: number }): CreditsView {
  return { granted: credits.available + credits.reserved + credits.used, ...credits };
}
