/** A grey stand-in with a card's shape while the list loads; hidden from assistive technology,
 * which hears the list's busy state and a "Loading..." status instead. */
export function SkeletonCard() {
  return (
    <div className="skeleton-card card" aria-hidden="true">
      <div className="skeleton-card__head">
        <span className="skeleton skeleton--circle" />
        <div className="skeleton-card__lines">
          <span className="skeleton skeleton--line skeleton--w70" />
          <span className="skeleton skeleton--line skeleton--thin skeleton--w50" />
        </div>
      </div>
      <span className="skeleton skeleton--line skeleton--thin skeleton--w35" />
      <span className="skeleton skeleton--line skeleton--thin skeleton--w85" />
    </div>
  );
}
