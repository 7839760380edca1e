export { MixCard } from './MixCard';
export { MixCover } from './MixCover';
