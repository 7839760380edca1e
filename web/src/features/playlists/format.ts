// Albums show lengths the same way: the function lives in lib/song.ts.
export { formatDuration } from '@/lib/song';
