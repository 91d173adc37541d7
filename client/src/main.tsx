import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createI18n } from './lib/i18n';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks the #root element');

createRoot(root).render(
  <StrictMode>
    <App i18n={createI18n()} />
  </StrictMode>,
);
