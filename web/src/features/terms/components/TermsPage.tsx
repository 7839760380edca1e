import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Logo } from '@/components/ui';
import { termsSections } from '../terms';
import './terms.css';

/** `/tandc`: the terms and conditions, readable signed in or out. */
export function TermsPage() {
  return (
    <div className="terms">
      <title>Terms and Conditions · Musicify</title>
      <header className="terms__bar">
        <Link to="/" aria-label="Musicify home" className="terms__logo">
          <Logo size={30} />
        </Link>
        <Link to="/" className="terms__back">
          <ArrowLeft size={16} aria-hidden="true" /> Back to Musicify
        </Link>
      </header>
      <div className="terms__layout">
        <nav className="terms__toc" aria-label="Sections">
          <p className="terms__toc-title">On this page</p>
          <ol>
            {termsSections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <main className="terms__main">
          <p className="terms__eyebrow">Legal</p>
          <h1 className="terms__title">Terms and Conditions</h1>
          <p className="terms__lead">
            The short version: be kind, share only what is yours to share, and enjoy the music.
            Musicify is free and does not sell your data. The details follow.
          </p>
          {termsSections.map((s, i) => (
            <section key={s.id} id={s.id} className="terms__section" aria-labelledby={`${s.id}-h`}>
              <h2 id={`${s.id}-h`}>
                <span className="terms__num">{i + 1}.</span> {s.title}
              </h2>
              {s.paragraphs.map((p) => (
                <p key={p.slice(0, 32)}>{p}</p>
              ))}
            </section>
          ))}
        </main>
      </div>
    </div>
  );
}
