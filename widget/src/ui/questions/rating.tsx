/** @jsxImportSource preact */
/**
 * The rating types, star-rating and nps: ARIA radio groups of buttons with a roving
 * tabindex over the type's scale (from the server's config; the usual scale of each
 * type on a page printed without it).
 */
import { Glyph, STAR } from '../glyphs';
import {
	CommentBox,
	RadioGroup,
	titleOf,
	type QuestionComponent,
	type QuestionViewProps,
} from './shared';

function scaleOf(
	{ info }: QuestionViewProps,
	min: number,
	max: number
): number[] {
	const from = info?.scale?.min ?? min;
	const to = info?.scale?.max ?? max;
	return Array.from(
		{ length: Math.max( to - from + 1, 0 ) },
		( _, i ) => from + i
	);
}

/**
 * A star button's name, "4 of 5 stars", from the widget's strings (translated by PHP).
 *
 * @param template The star_label string (%1$d stars, %2$d the most).
 * @param star     This button's stars.
 * @param most     The scale's top.
 */
export function starLabel(
	template: string | undefined,
	star: number,
	most: number
): string {
	return ( template || '%1$d of %2$d stars' )
		.replace( '%1$d', String( star ) )
		.replace( '%2$d', String( most ) );
}

export const StarRating: QuestionComponent = ( props: QuestionViewProps ) => {
	const { draft, id, strings, onChange, onPick } = props;
	const scale = scaleOf( props, 1, 5 );
	const most = scale[ scale.length - 1 ] ?? 5;
	return (
		<>
			<RadioGroup
				kind="stars"
				title={ titleOf( id ) }
				value={ draft.value }
				onMove={ ( value ) => onChange( { value } ) }
				onPick={ onPick }
				choices={ scale.map( ( star ) => ( {
					value: star,
					label: starLabel( strings.star_label, star, most ),
					content: <Glyph d={ STAR } size={ 30 } />,
				} ) ) }
			/>
			<CommentBox { ...props } />
		</>
	);
};
StarRating.picks = true;

export const Nps: QuestionComponent = ( props: QuestionViewProps ) => {
	const { draft, id, strings, onChange, onPick } = props;
	return (
		<>
			<RadioGroup
				kind="nps"
				title={ titleOf( id ) }
				describe={ `${ id }-scale` }
				value={ draft.value }
				onMove={ ( value ) => onChange( { value } ) }
				onPick={ onPick }
				choices={ scaleOf( props, 0, 10 ).map( ( score ) => ( {
					value: score,
					content: score,
				} ) ) }
			/>
			<div className="uf-scale" id={ `${ id }-scale` }>
				<span>{ strings.not_likely }</span>
				<span>{ strings.extremely_likely }</span>
			</div>
			<CommentBox { ...props } />
		</>
	);
};
Nps.picks = true;
Nps.unskippable = true;
