import { useNavigate } from 'react-router-dom';
import { gameTypeOf } from '../../shared/model.js';
import { EDITIONS, type Edition } from '../../shared/product.js';
import { landingPath } from '../paths.js';

const HINTS: Record<Edition, string> = {
  spectrum: 'Slide to where you stand between two ends.',
  classic: 'Pick one word out of four.',
};

/** Switches the landing screen between editions; the edition lives in the path. */
export function EditionToggle({ edition }: { edition: Edition }) {
  const navigate = useNavigate();
  return (
    <div className="edition">
      <fieldset className="edition__toggle">
        <legend className="visually-hidden">Edition</legend>
        {EDITIONS.map((option) => (
          <button
            key={option}
            type="button"
            className="edition__option"
            aria-pressed={option === edition}
            onClick={() => option !== edition && navigate(landingPath(option), { replace: true })}
          >
            {gameTypeOf(option)}
          </button>
        ))}
      </fieldset>
      <p className="edition__hint">{HINTS[edition]}</p>
    </div>
  );
}
