//! A connection's output: what the app writes goes out in order within the SSH window,
//! and a client that does not take it makes its connection lost.

use std::sync::Arc;
use std::time::Duration;

use russh::server::{Handle, Msg};
use russh::ChannelWriteHalf;
use tokio::sync::Notify;

use super::limits::OutputBudget;

/// What goes out on a connection's channel, in order.
pub enum Out {
    /// Bytes the app wrote.
    Data(Vec<u8>),
    /// The app has ended: the last line to show (after the terminal is restored), then
    /// the channel closes.
    End(Option<&'static str>),
}

/// Sends a connection's output in order, within the SSH window: output the client does
/// not take for `stall`, or more than the budget, makes the connection lost (it is closed
/// and its player's game goes on the grace timer, as for a dropped connection).
pub async fn send_output(
    mut out_rx: tokio::sync::mpsc::UnboundedReceiver<Out>,
    channel: ChannelWriteHalf<Msg>,
    handle: Handle,
    budget: Arc<OutputBudget>,
    stall: Duration,
    lost: Arc<Notify>,
) {
    let id = channel.id();
    while let Some(out) = out_rx.recv().await {
        match out {
            Out::Data(bytes) => {
                let n = bytes.len();
                match tokio::time::timeout(stall, channel.data_bytes(bytes)).await {
                    Ok(Ok(())) => budget.sent(n),
                    Ok(Err(_)) => break,
                    Err(_) => {
                        budget.lose();
                        lost.notify_one();
                        break;
                    }
                }
            }
            Out::End(notice) => {
                if let Some(notice) = notice {
                    let line = format!("rankup: {notice}\r\n");
                    let _ =
                        tokio::time::timeout(stall, channel.data_bytes(line.into_bytes())).await;
                }
                let _ = handle.exit_status_request(id, 0).await;
                let _ = handle.eof(id).await;
                let _ = handle.close(id).await;
                break;
            }
        }
    }
}
