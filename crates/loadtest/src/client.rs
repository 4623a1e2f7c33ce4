//! A small HTTP/1.1 client with keep-alive, for the load test, the attacks and the server's
//! integration tests.

use std::io;
use std::net::SocketAddr;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

/// One keep-alive connection.
pub struct Client {
    stream: BufReader<TcpStream>,
    host: String,
}

/// An answer: status code and body.
#[derive(Debug, Clone)]
pub struct Answer {
    /// HTTP status.
    pub status: u16,
    /// Body as text.
    pub body: String,
    /// The headers, names in lower case, in the order sent.
    pub headers: Vec<(String, String)>,
}

impl Answer {
    /// The values of the header `name` (lower case).
    pub fn header_values<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.headers
            .iter()
            .filter(move |(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The body parsed as JSON (`null` if it is not JSON).
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or(serde_json::Value::Null)
    }
}

/// The legal moves of a Raja Pasu view (`view.legal_moves`); none when it has none.
pub(crate) fn legal_moves(view: &serde_json::Value) -> Vec<u64> {
    view["legal_moves"]
        .as_array()
        .map(|a| a.iter().filter_map(serde_json::Value::as_u64).collect())
        .unwrap_or_default()
}

impl Client {
    /// Connects to `addr`.
    pub async fn connect(addr: SocketAddr) -> io::Result<Client> {
        let stream = TcpStream::connect(addr).await?;
        stream.set_nodelay(true)?;
        Ok(Client {
            stream: BufReader::new(stream),
            host: addr.to_string(),
        })
    }

    /// Sends a request with an optional JSON body and reads the answer.
    pub async fn request(
        &mut self,
        method: &str,
        path: &str,
        body: Option<&str>,
    ) -> io::Result<Answer> {
        self.raw(method, path, body.map(str::as_bytes), "application/json")
            .await
    }

    /// [`Client::request`] with more headers (a cookie, an origin).
    pub async fn request_with(
        &mut self,
        method: &str,
        path: &str,
        body: Option<&str>,
        headers: &[(&str, &str)],
    ) -> io::Result<Answer> {
        self.send(
            method,
            path,
            body.map(str::as_bytes),
            "application/json",
            headers,
        )
        .await
    }

    /// Sends a request with a body of any bytes and content type.
    pub async fn raw(
        &mut self,
        method: &str,
        path: &str,
        body: Option<&[u8]>,
        content_type: &str,
    ) -> io::Result<Answer> {
        self.send(method, path, body, content_type, &[]).await
    }

    async fn send(
        &mut self,
        method: &str,
        path: &str,
        body: Option<&[u8]>,
        content_type: &str,
        headers: &[(&str, &str)],
    ) -> io::Result<Answer> {
        let mut req = format!("{method} {path} HTTP/1.1\r\nHost: {}\r\n", self.host);
        for (name, value) in headers {
            req.push_str(&format!("{name}: {value}\r\n"));
        }
        if let Some(b) = body {
            req.push_str(&format!(
                "Content-Type: {content_type}\r\nContent-Length: {}\r\n",
                b.len()
            ));
        }
        req.push_str("\r\n");
        let mut bytes = req.into_bytes();
        if let Some(b) = body {
            bytes.extend_from_slice(b);
        }
        self.stream.get_mut().write_all(&bytes).await?;
        self.read_answer().await
    }

    async fn read_answer(&mut self) -> io::Result<Answer> {
        let bad = |m: &str| io::Error::new(io::ErrorKind::InvalidData, m.to_string());
        let mut line = String::new();
        if self.stream.read_line(&mut line).await? == 0 {
            return Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "connection closed",
            ));
        }
        let status = line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse::<u16>().ok())
            .ok_or_else(|| bad("bad status line"))?;
        let mut length = None;
        let mut chunked = false;
        let mut headers = Vec::new();
        loop {
            line.clear();
            if self.stream.read_line(&mut line).await? == 0 {
                return Err(bad("connection closed in headers"));
            }
            let l = line.trim_end();
            if l.is_empty() {
                break;
            }
            if let Some((k, v)) = l.split_once(':') {
                let k = k.trim().to_ascii_lowercase();
                let v = v.trim();
                if k == "content-length" {
                    length = v.parse::<usize>().ok();
                } else if k == "transfer-encoding" && v.eq_ignore_ascii_case("chunked") {
                    chunked = true;
                }
                headers.push((k, v.to_string()));
            }
        }
        let mut body = Vec::new();
        if chunked {
            loop {
                line.clear();
                self.stream.read_line(&mut line).await?;
                let size =
                    usize::from_str_radix(line.trim(), 16).map_err(|_| bad("bad chunk size"))?;
                let mut chunk = vec![0; size + 2];
                self.stream.read_exact(&mut chunk).await?;
                if size == 0 {
                    break;
                }
                body.extend_from_slice(&chunk[..size]);
            }
        } else if let Some(n) = length {
            body.resize(n, 0);
            self.stream.read_exact(&mut body).await?;
        }
        Ok(Answer {
            status,
            body: String::from_utf8_lossy(&body).into_owned(),
            headers,
        })
    }
}
