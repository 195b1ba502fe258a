/** @jsxImportSource preact */
/**
 * One question of the survey. The draft answer lives in the Widget; the type's
 * component draws it and reports changes. What a type is (its limits, whether a pick
 * moves on, whether it is gated, its scale) comes from the server's config
 * (WidgetConfig.question_types); how it is drawn is its component here. A new type is
 * one component in this folder and one line in QUESTION_COMPONENTS.
 */
import type { QuestionType } from '../../types';
import { Checkboxes, SingleChoice } from './choice';
import { Nps, StarRating } from './rating';
import { Email, LongText, Text } from './text';
import {
	titleOf,
	type QuestionComponent,
	type QuestionViewProps,
} from './shared';

export {
	optionLabel,
	type Draft,
	type QuestionComponent,
	type QuestionViewProps,
} from './shared';
export { ICON_SIZES } from './choice';

/** The component of each question type, keyed by type. */
export const QUESTION_COMPONENTS: Record< QuestionType, QuestionComponent > = {
	'radio-button': SingleChoice,
	checkbox: Checkboxes,
	'image-radio': SingleChoice,
	'icon-choice': SingleChoice,
	email: Email,
	text: Text,
	'long-text': LongText,
	'star-rating': StarRating,
	nps: Nps,
};

/**
 * The component of a question's type; an unknown type is answered as text (the server
 * then says whether it takes it).
 *
 * @param type The question's type.
 */
export function componentOf( type: string ): QuestionComponent {
	return QUESTION_COMPONENTS[ type as QuestionType ] ?? Text;
}

/**
 * A question: its title (focused when it is shown after another), what the server said
 * about its answer if it refused it, and the type's component.
 *
 * @param props       The question's props.
 * @param props.error The server's message about this question's answer, if any.
 */
export function QuestionView( props: QuestionViewProps & { error?: string } ) {
	const { question, id, error } = props;
	const Body = componentOf( question.type );
	return (
		<div className="uf-question">
			<h2
				className="uf-q-title"
				id={ titleOf( id ) }
				tabIndex={ -1 }
				aria-describedby={ error ? `${ id }-error` : undefined }
			>
				{ question.title }
			</h2>
			{ error && (
				<p className="uf-error" id={ `${ id }-error` }>
					{ error }
				</p>
			) }
			<Body { ...props } />
		</div>
	);
}
