//! The Raja Pasu web app server.
