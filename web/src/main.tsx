import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource-variable/inter';
import './styles/global.css';
import { App } from './app/App';
import { captureInstallPrompt } from './features/offline/install-prompt';
import { registerServiceWorker } from './features/offline/register-sw';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

captureInstallPrompt();
registerServiceWorker();

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
