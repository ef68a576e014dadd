import { contrast, unreadableSecondaryColor } from './brand-colors.js';

describe('brand colours', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#777777')).toBeCloseTo(1, 5);
  });
  it('accepts a secondary colour readable on the primary, and says why one is not', () => {
    expect(unreadableSecondaryColor('#112233', '#aabbcc')).toBeUndefined();
    expect(unreadableSecondaryColor('#000000', '#ffffff')).toBeUndefined();
    expect(unreadableSecondaryColor('#112233', '#223344')).toBe(
      'Secondary color is hard to read on the primary color (contrast 1.2:1, at least 4.5:1 is needed)',
    );
    // 4.48:1 is shown as 4.4, never rounded up to the bar it misses.
    expect(unreadableSecondaryColor('#777777', '#ffffff')).toMatch(/contrast 4\.4:1/);
  });
});
