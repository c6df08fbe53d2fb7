/** Every sentence the review page shows (ADR 0040): text as data, one place to translate. */
export const REVIEW_PAGE_TEXT = {
  title: (campaign: string) => `Review: ${campaign}`,
  intro:
    'Approve the creatives you want to run and reject the others. A note helps the team fix what you reject.',
  approve: 'Approve',
  reject: 'Reject',
  note: 'Note (optional)',
  state: { unreviewed: 'Not reviewed yet', approved: 'Approved', rejected: 'Rejected' },
  counts: (approved: number, rejected: number, open: number) =>
    `${approved} approved, ${rejected} rejected, ${open} to review`,
  copyFor: (platform: string) => `Copy for ${platform}`,
  headline: 'Headline',
  primaryText: 'Primary text',
  description: 'Description',
  cta: 'Call to action',
  noCreatives: 'There are no finished creatives in this campaign yet.',
  noAngle: 'Without an angle',
  expiresAt: (when: string) => `This link works until ${when} (UTC).`,
  saved: 'Your decision was saved.',
  refused: {
    invalid: {
      title: 'This link is not valid',
      body: 'Check that you copied the whole link, or ask for a new one.',
    },
    expired: { title: 'This link has expired', body: 'Ask the team that sent it for a new link.' },
    revoked: { title: 'This link was withdrawn', body: 'Ask the team that sent it for a new link.' },
    gone: {
      title: 'This campaign is no longer available',
      body: 'Ask the team that sent it for a new link.',
    },
  },
} as const;
