import { NavLink } from 'react-router';
import './albums.css';

/** Albums and Genres: two ways into the same music, as tabs under the page title. */
export function BrowseTabs() {
  return (
    <nav className="browse-tabs" aria-label="Browse">
      <NavLink to="/albums" className="browse-tabs__tab" end>
        Albums
      </NavLink>
      <NavLink to="/genres" className="browse-tabs__tab" end>
        Genres
      </NavLink>
    </nav>
  );
}
