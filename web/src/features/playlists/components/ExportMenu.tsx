import { Download, MoreHorizontal, Pencil } from 'lucide-react';
import { Menu } from '@/components/ui';
import { exportUrl, type ExportFormat } from '../api/playlist-files';
import './playlist-files.css';

/** Starts a download: the server sends the file as an attachment, so the page stays. */
function download(url: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  document.body.append(a);
  a.click();
  a.remove();
}

interface ExportMenuProps {
  playlistId: string;
  name: string;
  /** Given to the owner: opens the dialog that edits the name and description. */
  onEditDetails?: () => void;
}

/**
 * The playlist page's ⋯ menu: its details (for the owner) and the playlist
 * as a file for other players.
 */
export function ExportMenu({ playlistId, name, onEditDetails }: ExportMenuProps) {
  const item = (label: string, format: ExportFormat) => ({
    label,
    icon: <Download size={18} aria-hidden="true" />,
    onSelect: () => download(exportUrl(playlistId, format)),
  });
  return (
    <Menu
      label={`More options for ${name}`}
      className="plf-menu"
      trigger={<MoreHorizontal size={22} aria-hidden="true" />}
      items={[
        ...(onEditDetails
          ? [
              {
                label: 'Edit details',
                icon: <Pencil size={18} aria-hidden="true" />,
                onSelect: onEditDetails,
              },
            ]
          : []),
        item('Export as M3U8', 'm3u8'),
        item('Export as XSPF', 'xspf'),
      ]}
    />
  );
}
