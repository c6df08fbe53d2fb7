import { describe, expect, it } from 'vitest';
import { plainSummary } from '#core/brief/plain-text.ts';

describe('a research summary as plain text', () => {
  it('reads Windows line ends as line ends and leaves plain text as it is', () => {
    expect(plainSummary('Acme Bakery\r\nOffer: 2 for £5\rTone: warm')).toBe(
      'Acme Bakery\nOffer: 2 for £5\nTone: warm',
    );
    expect(plainSummary('We <3 dogs; prices < £20 & > £5')).toBe('We <3 dogs; prices < £20 & > £5');
  });

  it('reads pasted HTML as lines and bullets, its entities decoded and its other tags gone', () => {
    const html =
      '<p><strong>Client:</strong> Acme &amp; Sons</p><ul><li>Gas Safe&nbsp;registered</li><li>Rated 4.9/5</li></ul><p>Offer: &pound;50 off<br>Jan only &#8211; ends &#x31;5th</p>';
    expect(plainSummary(html)).toBe(
      'Client: Acme & Sons\n\n- Gas Safe registered\n- Rated 4.9/5\n\nOffer: £50 off\nJan only – ends 15th',
    );
  });

  it('keeps a numeric entity of a control character as written, for the input check to refuse', () => {
    expect(plainSummary('<p>Acme&#0;</p>')).toBe('Acme&#0;');
  });
});
