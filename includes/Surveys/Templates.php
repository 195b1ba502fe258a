<?php
/**
 * Survey templates: the blank one and ready-made surveys. The addons a template needs follow from
 * its questions (star rating, NPS, image and icon questions need question-types) and its tier (Pro
 * templates need the templates addon); availability is computed from the site's entitlements.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys;

use UserFeedback\Licensing\Entitlements;
use UserFeedback\Surveys\QuestionTypes\QuestionTypes;

defined( 'ABSPATH' ) || exit;

final class Templates {

	/**
	 * Addon => the feature it unlocks for templates.
	 */
	private const ADDON_FEATURES = array(
		'question-types' => 'advanced_question_types',
		'templates'      => 'pro_templates',
	);

	public function __construct( private readonly Entitlements $entitlements ) {}

	/**
	 * @return array<int,array<string,mixed>> SurveyTemplate[], blank first.
	 */
	public function all(): array {
		return array_map( array( $this, 'with_availability' ), self::definitions() );
	}

	/**
	 * @return array<string,mixed>|null
	 */
	public function find( string $key ): ?array {
		foreach ( $this->all() as $template ) {
			if ( $template['key'] === $key ) {
				return $template;
			}
		}
		return null;
	}

	/**
	 * @param array<string,mixed> $template Definition.
	 * @return array<string,mixed>
	 */
	private function with_availability( array $template ): array {
		$available = true;
		foreach ( $template['required_addons'] as $addon ) {
			$available = $available && $this->entitlements->can( self::ADDON_FEATURES[ $addon ] );
		}
		return array(
			'key'             => $template['key'],
			'name'            => $template['name'],
			'description'     => $template['description'],
			'is_available'    => $available,
			'required_addons' => $template['required_addons'],
			'tier'            => $template['tier'],
			'type'            => $template['type'],
			'config'          => array( 'questions' => SurveyShape::for_json( $template['questions'] ) ),
		);
	}

	/**
	 * @return array<int,array<string,mixed>>
	 */
	private static function definitions(): array {
		$yes_no     = array( __( 'Yes', 'userfeedback' ), __( 'No', 'userfeedback' ) );
		$definition = array(
			array( 'blank', 'lite', __( 'Blank Template', 'userfeedback' ), __( 'Start from scratch and build your own survey.', 'userfeedback' ), array() ),
			array(
				'website-experience',
				'lite',
				__( 'Website Experience', 'userfeedback' ),
				__( 'Find out what visitors think of your website and what would make it better.', 'userfeedback' ),
				array(
					self::choice( 1, 'radio-button', __( 'How would you rate your experience on our website today?', 'userfeedback' ), array( __( 'Excellent', 'userfeedback' ), __( 'Good', 'userfeedback' ), __( 'Okay', 'userfeedback' ), __( 'Poor', 'userfeedback' ) ) ),
					self::open( 2, 'long-text', __( 'What is one thing we could do to improve our website?', 'userfeedback' ) ),
				),
			),
			array(
				'content-feedback',
				'lite',
				__( 'Content Feedback', 'userfeedback' ),
				__( 'Learn whether your articles answer your readers\' questions.', 'userfeedback' ),
				array(
					self::choice( 1, 'radio-button', __( 'Was this article helpful?', 'userfeedback' ), $yes_no ),
					self::open( 2, 'long-text', __( 'What was missing or could be clearer?', 'userfeedback' ), self::when( 1, 'equals', __( 'No', 'userfeedback' ) ) ),
				),
			),
			array(
				'nps',
				'lite',
				__( 'Net Promoter Score (NPS)', 'userfeedback' ),
				__( 'Measure customer loyalty with the classic 0 to 10 recommendation question.', 'userfeedback' ),
				array( self::open( 1, 'nps', __( 'How likely are you to recommend us to a friend or colleague?', 'userfeedback' ) ) ),
				'nps',
			),
			array(
				'customer-satisfaction',
				'pro',
				__( 'Customer Satisfaction (CSAT)', 'userfeedback' ),
				__( 'Ask customers how satisfied they are and follow up when something went wrong.', 'userfeedback' ),
				array(
					self::open( 1, 'star-rating', __( 'How satisfied are you with our product or service?', 'userfeedback' ) ),
					self::open( 2, 'long-text', __( 'Sorry to hear that. What could we have done better?', 'userfeedback' ), self::when( 1, 'less_than', '4' ) ),
					self::open( 3, 'long-text', __( 'What did you like most?', 'userfeedback' ), self::when( 1, 'greater_than', '3' ) ),
				),
			),
			array(
				'exit-intent',
				'pro',
				__( 'Exit Intent', 'userfeedback' ),
				__( 'Ask visitors who are about to leave what they came for and whether they found it.', 'userfeedback' ),
				array(
					self::choice( 1, 'radio-button', __( 'Before you go, did you find what you were looking for?', 'userfeedback' ), $yes_no ),
					self::open( 2, 'text', __( 'What were you looking for?', 'userfeedback' ), self::when( 1, 'equals', __( 'No', 'userfeedback' ) ) ),
					self::open( 3, 'email', __( 'Leave your email and we will help you find it.', 'userfeedback' ), self::when( 1, 'equals', __( 'No', 'userfeedback' ) ) ),
				),
			),
			array(
				'pricing',
				'pro',
				__( 'Pricing Feedback', 'userfeedback' ),
				__( 'Find out how visitors feel about your prices and what would make them buy.', 'userfeedback' ),
				array(
					self::choice( 1, 'radio-button', __( 'How do you feel about our pricing?', 'userfeedback' ), array( __( 'Too expensive', 'userfeedback' ), __( 'A bit high', 'userfeedback' ), __( 'About right', 'userfeedback' ), __( 'Great value', 'userfeedback' ) ) ),
					self::choice( 2, 'checkbox', __( 'What would make it easier to decide?', 'userfeedback' ), array( __( 'A free trial', 'userfeedback' ), __( 'Monthly billing', 'userfeedback' ), __( 'A cheaper plan', 'userfeedback' ), __( 'More features', 'userfeedback' ), __( 'Customer reviews', 'userfeedback' ) ) ),
					self::open( 3, 'long-text', __( 'Anything else about our pricing you would like to tell us?', 'userfeedback' ) ),
				),
			),
			array(
				'feature-request',
				'pro',
				__( 'Feature Request', 'userfeedback' ),
				__( 'Collect ideas from your users and learn what to build next.', 'userfeedback' ),
				array(
					self::open( 1, 'long-text', __( 'What is one feature you wish we had?', 'userfeedback' ) ),
					self::choice( 2, 'radio-button', __( 'How important is it to you?', 'userfeedback' ), array( __( 'Nice to have', 'userfeedback' ), __( 'Important', 'userfeedback' ), __( 'I can\'t work without it', 'userfeedback' ) ) ),
					self::open( 3, 'email', __( 'Want us to tell you when it ships? Leave your email.', 'userfeedback' ) ),
				),
			),
			array(
				'onboarding',
				'pro',
				__( 'Onboarding Experience', 'userfeedback' ),
				__( 'See how easy it is for new customers to get started and where they get stuck.', 'userfeedback' ),
				array(
					self::open( 1, 'star-rating', __( 'How easy was it to get started with us?', 'userfeedback' ) ),
					self::choice( 2, 'checkbox', __( 'Where did you get stuck, if anywhere?', 'userfeedback' ), array( __( 'Creating an account', 'userfeedback' ), __( 'Setting things up', 'userfeedback' ), __( 'Finding help', 'userfeedback' ), __( 'Nowhere, it was smooth', 'userfeedback' ) ) ),
					self::open( 3, 'long-text', __( 'What would have made your first day easier?', 'userfeedback' ) ),
				),
			),
			array(
				'cart-abandonment',
				'pro',
				__( 'Cart Abandonment', 'userfeedback' ),
				__( 'Learn why shoppers leave without buying and win back lost sales.', 'userfeedback' ),
				array(
					self::choice( 1, 'radio-button', __( 'What is stopping you from completing your purchase today?', 'userfeedback' ), array( __( 'Shipping costs', 'userfeedback' ), __( 'The price', 'userfeedback' ), __( 'Payment options', 'userfeedback' ), __( 'Just browsing', 'userfeedback' ), __( 'Something else', 'userfeedback' ) ) ),
					self::open( 2, 'text', __( 'Tell us more, so we can fix it.', 'userfeedback' ) ),
				),
			),
			array(
				'post-purchase',
				'pro',
				__( 'Post-Purchase Feedback', 'userfeedback' ),
				__( 'Ask new customers about their shopping experience and how they found you.', 'userfeedback' ),
				array(
					self::open( 1, 'star-rating', __( 'How would you rate your shopping experience?', 'userfeedback' ) ),
					self::choice( 2, 'radio-button', __( 'How did you hear about us?', 'userfeedback' ), array( __( 'Search engine', 'userfeedback' ), __( 'Social media', 'userfeedback' ), __( 'A friend', 'userfeedback' ), __( 'An advertisement', 'userfeedback' ), __( 'Other', 'userfeedback' ) ) ),
					self::open( 3, 'long-text', __( 'Is there anything we could do better next time?', 'userfeedback' ) ),
				),
			),
			array(
				'product-market-fit',
				'pro',
				__( 'Product-Market Fit', 'userfeedback' ),
				__( 'The Sean Ellis test: find out how disappointed users would be without your product.', 'userfeedback' ),
				array(
					self::choice( 1, 'radio-button', __( 'How would you feel if you could no longer use our product?', 'userfeedback' ), array( __( 'Very disappointed', 'userfeedback' ), __( 'Somewhat disappointed', 'userfeedback' ), __( 'Not disappointed', 'userfeedback' ) ) ),
					self::open( 2, 'long-text', __( 'What is the main benefit you get from our product?', 'userfeedback' ) ),
					self::open( 3, 'text', __( 'What type of people do you think would benefit most from it?', 'userfeedback' ) ),
				),
			),
			array(
				'customer-effort',
				'pro',
				__( 'Customer Effort Score (CES)', 'userfeedback' ),
				__( 'Measure how easy it was for customers to get what they needed from you.', 'userfeedback' ),
				array(
					self::choice( 1, 'radio-button', __( 'How easy was it to get what you needed today?', 'userfeedback' ), array( __( 'Very easy', 'userfeedback' ), __( 'Easy', 'userfeedback' ), __( 'Neither easy nor difficult', 'userfeedback' ), __( 'Difficult', 'userfeedback' ), __( 'Very difficult', 'userfeedback' ) ) ),
					self::open( 2, 'long-text', __( 'What made it harder than it should have been?', 'userfeedback' ) ),
				),
			),
		);

		return array_map(
			static function ( array $row ): array {
				[ $key, $tier, $name, $description, $questions ] = $row;
				$addons = array();
				foreach ( $questions as $question ) {
					if ( QuestionTypes::get( $question['type'] )?->advanced() ) {
						$addons[] = 'question-types';
						break;
					}
				}
				if ( 'pro' === $tier ) {
					$addons[] = 'templates';
				}
				return array(
					'key'             => $key,
					'name'            => $name,
					'description'     => $description,
					'tier'            => $tier,
					'type'            => $row[5] ?? 'survey',
					'required_addons' => $addons,
					'questions'       => $questions,
				);
			},
			$definition
		);
	}

	/**
	 * @param string[]                 $options Option labels.
	 * @param array<string,mixed>|null $logic   Display logic.
	 * @return array<string,mixed>
	 */
	private static function choice( int $id, string $type, string $title, array $options, ?array $logic = null ): array {
		$question                      = self::open( $id, $type, $title, $logic );
		$question['config']['options'] = array_map( static fn( string $label ) => SurveyShape::option( $type, $label ), $options );
		return $question;
	}

	/**
	 * @param array<string,mixed>|null $logic Display logic.
	 * @return array<string,mixed>
	 */
	private static function open( int $id, string $type, string $title, ?array $logic = null ): array {
		$question          = SurveyDefaults::question( $type );
		$question['id']    = $id;
		$question['title'] = $title;
		if ( $logic ) {
			$question['logic'] = $logic;
		}
		return $question;
	}

	/**
	 * Show the question when an earlier answer compares so.
	 *
	 * @return array<string,mixed>
	 */
	private static function when( int $question_id, string $compare, string $value ): array {
		return array(
			'enabled'    => true,
			'action'     => 'show',
			'conditions' => array(
				array(
					'question_id' => $question_id,
					'compare'     => $compare,
					'value'       => $value,
				),
			),
		);
	}
}
