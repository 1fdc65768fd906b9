type Props = {
  name: string;
  color: string;
  /** The dot's size, e.g. "size-3". */
  dotSize: string;
  /** Gap, font and colour of the label. */
  className?: string;
};

/** A location's name after a dot in its colour (the colour alone says nothing to a screen reader). */
export function LocationLabel({ name, color, dotSize, className = "" }: Props) {
  return (
    <span className={`flex items-center ${className}`}>
      <span className={`${dotSize} shrink-0 rounded-full`} style={{ backgroundColor: color }} aria-hidden="true" />
      {name}
    </span>
  );
}
