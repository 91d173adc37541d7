// The web app's page as a locked server serves it: the built index.html with one more meta element,
// `<meta name="expediente-practice" content="locked|setup">`, so the app shows the unlock page (or
// the set-up page) at once, before it asks the server anything (client/src/main.tsx reads it). A
// meta element, not a script: the Content-Security-Policy allows no inline script.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const PRACTICE_STATE_META = 'expediente-practice';

/** The page, or undefined when the client is not built there (the API alone is served). */
export function lockedPage(clientDir: string, state: 'locked' | 'setup'): string | undefined {
  let html: string;
  try {
    html = readFileSync(join(clientDir, 'index.html'), 'utf8');
  } catch {
    return undefined;
  }
  const meta = `<meta name="${PRACTICE_STATE_META}" content="${state}" />`;
  return html.includes('</head>') ? html.replace('</head>', `  ${meta}\n  </head>`) : `${meta}\n${html}`;
}
