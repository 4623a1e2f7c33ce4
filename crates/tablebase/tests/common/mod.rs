//! What the integration tests share.

pub mod old_builder;
