/**
 * The webhook routes' shapes (Webhooks\WebhooksController::schema() and friends).
 */
export type WebhookFormat = 'json' | 'slack';

export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'gave_up';

export interface WebhookDelivery {
	id: number;
	event: 'response.completed' | 'test';
	/** 0 for a test. */
	response_id: number;
	status: DeliveryStatus;
	attempts: number;
	/** HTTP status of the last attempt; 0 when there was no answer. */
	code: number;
	error: string;
	duration_ms: number;
	created_at: string;
	attempted_at: string | null;
	/** When the next attempt is due (failed only). */
	next_at: string | null;
	delivered_at: string | null;
}

export interface Webhook {
	id: number;
	url: string;
	/** 0: every survey. */
	survey_id: number;
	survey_title: string | null;
	format: WebhookFormat;
	active: boolean;
	created_at: string;
	updated_at: string;
	last_delivery: WebhookDelivery | null;
}

/** The answer of a creation: the only one that carries the secret. */
export interface CreatedWebhook extends Webhook {
	secret: string;
}

export interface WebhookInput {
	url: string;
	survey_id: number;
	format: WebhookFormat;
	active?: boolean;
}

/** What a test or a retry answers. */
export interface DeliveryOutcome {
	delivered: boolean;
	code: number;
	error: string;
	duration_ms: number;
	delivery: WebhookDelivery;
}
