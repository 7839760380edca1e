/** The built-in sample albums of SPEC.md: a static page with a fixed track list. */
export interface SampleTrack {
  id: number;
  name: string;
  desc: string;
  /** As text, e.g. '3:00'; every sample lasts between 2:18 and 3:10. */
  duration: string;
}

export interface SampleAlbum {
  id: string;
  name: string;
  desc: string;
  bgColor: string;
  tracks: SampleTrack[];
}

const tracks: SampleTrack[] = [
  { id: 1, name: 'First Light', desc: 'Aurora Lane', duration: '3:00' },
  { id: 2, name: 'Paper Planes', desc: 'The Quiet Hours', duration: '2:18' },
  { id: 3, name: 'Slow Tide', desc: 'Marlow & Vine', duration: '2:54' },
  { id: 4, name: 'City in Bloom', desc: 'Neon Harbor', duration: '3:10' },
  { id: 5, name: 'Afterglow', desc: 'Aurora Lane', duration: '2:41' },
  { id: 6, name: 'Northbound', desc: 'Juniper Row', duration: '2:37' },
  { id: 7, name: 'Glass Garden', desc: 'Sola Ridge', duration: '3:05' },
  { id: 8, name: 'Late Train Home', desc: 'The Quiet Hours', duration: '2:49' },
];

export const sampleAlbums: SampleAlbum[] = [
  {
    id: '0',
    name: "Today's Biggest Hits",
    desc: 'The songs everyone is playing right now.',
    bgColor: '#2a4365',
    tracks,
  },
  {
    id: '1',
    name: 'Chill Evenings',
    desc: 'Soft beats to wind down after a long day.',
    bgColor: '#22543d',
    tracks: [...tracks].reverse(),
  },
  {
    id: '2',
    name: 'Morning Run',
    desc: 'Bright tempo to keep your feet moving.',
    bgColor: '#742a2a',
    tracks: tracks.filter((t) => t.id % 2 === 0),
  },
  {
    id: '3',
    name: 'Focus Flow',
    desc: 'Calm, wordless music to help you concentrate.',
    bgColor: '#44337a',
    tracks: tracks.filter((t) => t.id % 2 === 1),
  },
];

/** Adds up 'm:ss' durations into a sentence such as '22 min 14 s'. */
export function totalDuration(list: SampleTrack[]): string {
  const seconds = list.reduce((sum, t) => {
    const [m = '0', s = '0'] = t.duration.split(':');
    return sum + Number(m) * 60 + Number(s);
  }, 0);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}
