import { brandColors } from './brand-colors';

describe('brand colours', () => {
  it('keeps the secondary colour as text on the primary when it is readable, else black or white', () => {
    expect(brandColors('#112233', '#aabbcc')).toEqual({ primary: '#112233', onPrimary: '#aabbcc' });
    expect(brandColors('#112233', '#223344')).toEqual({ primary: '#112233', onPrimary: '#ffffff' });
    expect(brandColors('#f0f0a0', '#ffffff')).toEqual({ primary: '#f0f0a0', onPrimary: '#000000' });
  });
});
