import { Controller, Get, Header, Inject } from '@nestjs/common';
import { Public } from '../identity/caller.js';
import { ApiDoc } from './api-doc.js';
import { API_DOCUMENT } from './api-routes.js';

/** Where the docs page loads Swagger UI's script and stylesheet from (served from the swagger-ui-dist package). */
export const DOCS_ASSETS_PATH = '/api/docs/assets';

const DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Coffer API</title>
    <link rel="stylesheet" href="${DOCS_ASSETS_PATH}/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${DOCS_ASSETS_PATH}/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;

// A file of its own rather than an inline script, so the page needs no 'unsafe-inline'.
// Areas start folded (a click opens one): Swagger UI stops rendering part-way when all 130-odd routes are open at once.
const DOCS_INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true, docExpansion: 'none' });\n`;

/** The API document, and a page to browse it. */
@Controller()
export class ApiDocsController {
  constructor(@Inject(API_DOCUMENT) private readonly document: Record<string, unknown>) {}

  @Public()
  @Get('openapi.json')
  @ApiDoc({ summary: 'This API document (OpenAPI 3.1)', contentType: 'application/json' })
  openApi() {
    return this.document;
  }

  @Public()
  @Get('docs')
  @Header('content-type', 'text/html; charset=utf-8')
  @ApiDoc({ summary: 'A page to browse this API document', contentType: 'text/html' })
  page(): string {
    return DOCS_PAGE;
  }

  @Public()
  @Get('docs/init.js')
  @Header('content-type', 'text/javascript; charset=utf-8')
  @ApiDoc({ summary: 'The script that starts the docs page', contentType: 'text/javascript' })
  init(): string {
    return DOCS_INIT;
  }
}
