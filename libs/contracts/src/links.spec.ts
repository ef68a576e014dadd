import { isLinkPreviewBot } from './links.js';

describe('link-preview bots', () => {
  it('knows the unfurlers of the chats a link is pasted in', () => {
    const unfurlers = [
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5 skype-url-preview@microsoft.com',
      'WhatsApp/2.23.20.0 A',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Twitterbot/1.0',
      'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
      'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
      'TelegramBot (like TwitterBot)',
    ];
    expect(unfurlers.filter((ua) => !isLinkPreviewBot(ua))).toEqual([]);
  });

  it('takes people for people, in a browser or a chat app of their own', () => {
    const people = [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Teams/24.0 Chrome/120.0 Electron/28.0 Safari/537.36',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 (KHTML, like Gecko) Mattermost/5.6 Chrome/120.0 Electron/28.0 Safari/537.36',
    ];
    expect(people.filter((ua) => isLinkPreviewBot(ua))).toEqual([]);
    expect(isLinkPreviewBot(undefined)).toBe(false);
  });
});
