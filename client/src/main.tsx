// First, before any module that builds a zod schema.
import './lib/zod-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { practiceLockAtLoad } from './features/practice-lock/practice-lock';
import { createI18n, detectLanguage, loadLanguage } from './lib/i18n';
import { NAMESPACES, SIGN_IN_NAMESPACES } from './lib/locale-namespaces';
import { readSession } from './lib/session-storage';
import './styles/index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks the #root element');

// The visitor's language is loaded before the first paint, so no text ever shows untranslated: a
// signed-out visitor's sign-in namespaces alone (the rest follow in the background), a signed-in
// user's all of them.
const language = detectLanguage();
void loadLanguage(language, readSession() ? NAMESPACES : SIGN_IN_NAMESPACES).then((resources) => {
  createRoot(root).render(
    <StrictMode>
      <App i18n={createI18n({ language, resources })} practiceLock={practiceLockAtLoad()} />
    </StrictMode>,
  );
});
