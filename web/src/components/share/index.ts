export { SharePanel, type ShareTarget } from './SharePanel';
