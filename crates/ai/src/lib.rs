//! The computer opponent for Raja Pasu.
