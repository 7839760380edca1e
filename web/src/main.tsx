import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource-variable/inter';
import './styles/global.css';
import { App } from './app/App';
import { captureInstallPrompt } from './features/offline/install-prompt';
import { registerServiceWorker } from './features/offline/register-sw';
import { reloadOnPreloadError } from './lib/chunk-reload';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

reloadOnPreloadError();
captureInstallPrompt();
registerServiceWorker();

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
