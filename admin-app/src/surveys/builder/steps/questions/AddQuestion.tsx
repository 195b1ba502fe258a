/**
 * The Add Question dropdown. Advanced types open the upgrade dialog (Lite) or the
 * addon prompt (Pro without the question-types addon); NPS surveys cannot add, nor
 * a survey that has as many questions as the server takes.
 */
import {
	Button,
	Dropdown,
	Icon,
	MenuGroup,
	MenuItem,
} from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { useFeature } from '../../../../shared/gating';
import { questionTypes } from '../../../../shared/questionTypes';
import type { QuestionType } from '../../../../shared/types';

export function AddQuestion( {
	disabled,
	onAdd,
}: {
	disabled: boolean;
	onAdd: ( type: QuestionType ) => void;
} ) {
	const advanced = useFeature( 'advanced_question_types' );
	return (
		<Dropdown
			className="userfeedback-add-question"
			popoverProps={ { placement: 'bottom-start' } }
			renderToggle={ ( { isOpen, onToggle } ) => (
				<Button
					variant="secondary"
					icon="plus"
					onClick={ onToggle }
					aria-expanded={ isOpen }
					aria-haspopup="menu"
					disabled={ disabled }
					__next40pxDefaultSize
				>
					{ __( 'Add Question', 'userfeedback' ) }
				</Button>
			) }
			renderContent={ ( { onClose } ) => (
				<MenuGroup label={ __( 'Question types', 'userfeedback' ) }>
					{ questionTypes().map(
						( { key, label, advanced: gated } ) => {
							const locked = gated && ! advanced.allowed;
							return (
								<MenuItem
									key={ key }
									icon={
										locked ? (
											<Icon icon="lock" />
										) : undefined
									}
									onClick={ () => {
										onClose();
										if (
											gated &&
											! advanced.guard( 'add-question' )
										) {
											return;
										}
										onAdd( key );
									} }
								>
									{ label }
								</MenuItem>
							);
						}
					) }
				</MenuGroup>
			) }
		/>
	);
}
