// The production shell's nginx sends a link-preview bot's look at a link's page (/l/<token>) to the gateway's
// preview (its meta tags, never counted as an open), and a person to the app. Its list of bots is the one of
// @coffer/contracts (isLinkPreviewBot). Read from the files the image is built with (static.Dockerfile); no Docker.
import fs from 'node:fs';
import { isLinkPreviewBot, LINK_PREVIEW_BOTS } from '@coffer/contracts';

const read = (file: string) => fs.readFileSync(new URL(`../docker/nginx/${file}`, import.meta.url), 'utf8');
const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdE';

const UNFURLERS = {
  Slack: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  Teams: 'Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) SkypeUriPreview Preview/0.5 skype-url-preview@microsoft.com',
  WhatsApp: 'WhatsApp/2.23.20.0 A',
  Facebook: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'Twitter/X': 'Twitterbot/1.0',
  LinkedIn: 'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
  Discord: 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
  Telegram: 'TelegramBot (like TwitterBot)',
};
const PEOPLE = [
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:131.0) Gecko/20100101 Firefox/131.0',
];

/** The entries of `map $http_user_agent $link_preview_bot`: each value with its user-agent regex (nginx's `~*`: case-insensitive). */
function botMap() {
  const block = /map \$http_user_agent \$link_preview_bot \{([^}]*)\}/.exec(read('coffer/link-preview-bots.conf'))?.[1];
  expect(block).toBeDefined();
  const entries = [...block!.matchAll(/^\s*(?:"([^"]*)"|(\S+))\s+(\S+);/gm)].map((m) => ({ key: m[1] ?? m[2], value: m[3] }));
  return { default: entries.find((e) => e.key === 'default')?.value, regexes: entries.filter((e) => e.key !== 'default') };
}

/** The regex locations of shell.conf, in order (nginx uses the first that matches a path no prefix location took with ^~ or =). */
function regexLocations() {
  const conf = read('coffer/shell.conf');
  return [...conf.matchAll(/^location ~\*? "([^"]+)" \{\n([\s\S]*?)^\}/gm)].map((m) => ({ pattern: new RegExp(m[1]), body: m[2] }));
}

describe("the shell's nginx and link-preview bots", () => {
  it('reads the map of bots at the http level of nginx.conf, for every front end image', () => {
    const http = read('nginx.conf').split('server {')[0];
    expect(http).toContain('include /etc/nginx/coffer/link-preview-bots.conf;');
  });

  it("maps exactly @coffer/contracts' list of bots (one case-insensitive expression), so each unfurler is a bot to nginx and a person is not", () => {
    const map = botMap();
    expect(map.default).toBe('0');
    expect(map.regexes).toEqual([{ key: `~*${LINK_PREVIEW_BOTS.source}`, value: '1' }]);
    expect(LINK_PREVIEW_BOTS.flags).toBe('i');
    const nginxBot = new RegExp(map.regexes[0].key.slice(2), 'i');
    for (const [name, userAgent] of Object.entries(UNFURLERS)) {
      expect([name, nginxBot.test(userAgent)]).toEqual([name, true]);
      expect([name, isLinkPreviewBot(userAgent)]).toEqual([name, true]);
    }
    for (const userAgent of PEOPLE) expect([userAgent, nginxBot.test(userAgent)]).toEqual([userAgent, false]);
  });

  it("sends a bot's /l/<token> to the gateway's preview and gives a person the app's page", () => {
    const path = `/l/${TOKEN}`;
    const location = regexLocations().find((l) => l.pattern.test(path));
    expect(location).toBeDefined();
    const token = location!.pattern.exec(path)!.groups?.link_token;
    expect(token).toBe(TOKEN);
    const bot = /if \(\$link_preview_bot\) \{\s*return 302 (\S+);\s*\}/.exec(location!.body);
    expect(bot?.[1].replace('$link_token', token!)).toBe(`/api/public-links/${TOKEN}/preview`);
    expect(location!.body).toContain('try_files /index.html =404;');
    expect(location!.body).toContain('include /etc/nginx/coffer/shell-headers.conf;');
    // Not a link's page: no preview.
    expect(regexLocations().find((l) => l.pattern.test(`/l/${TOKEN}.js`))?.body ?? '').not.toContain('link_preview_bot');
  });
});
